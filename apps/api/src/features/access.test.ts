import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, type PermissionName } from '@cricket/contracts';
import { createTestApp, snapshot, type TestApp } from '../test/harness';

/**
 * Generated from the app's own route table: every route declares its access, and the guard
 * enforces it. A route added without a declared permission stops the app from starting.
 */
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '999999');

describe('route access table', () => {
  it('lists the API routes, each with a declared access', () => {
    expect(t.app.routeAccessTable.length).toBeGreaterThan(3);
    for (const r of t.app.routeAccessTable) {
      expect(
        r.access === 'public' || r.access === 'signed-in' || PERMISSION_NAMES.includes(r.access),
        `${r.method} ${r.url}`,
      ).toBe(true);
    }
  });

  it('refuses a route that declares no access at start-up', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: authPlugin } = await import('../plugins/auth');
    const { default: notifyListener } = await import('../plugins/notify-listener');
    const app = Fastify();
    app.decorate('db', t.db);
    await app.register(notifyListener, { database: t.database });
    await app.register(authPlugin);
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no access/);
    await app.close();
  });

  it('answers 401 without a token on every non-public route', async () => {
    for (const r of t.app.routeAccessTable.filter((x) => x.access !== 'public')) {
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 403 and changes nothing when the role lacks the route permission; never 403 with it', async () => {
    const guarded = t.app.routeAccessTable.filter((r): r is typeof r & { access: PermissionName } =>
      PERMISSION_NAMES.includes(r.access as PermissionName),
    );
    // One user lacking each permission and one holding only it, shared by the routes it guards:
    // a user per route cost a sign-in each, most of this test's time.
    const lacking = new Map<PermissionName, Promise<{ token: string }>>();
    const holding = new Map<PermissionName, Promise<{ token: string }>>();
    const memo = (users: typeof lacking, access: PermissionName, perms: () => PermissionName[]) => {
      if (!users.has(access)) users.set(access, t.userWith(perms()));
      return users.get(access)!;
    };
    for (const r of guarded) {
      const without = await memo(lacking, r.access, () =>
        PERMISSION_NAMES.filter((p) => p !== r.access && p !== 'admin.access'),
      );
      const before = await snapshot(t.db);
      const refused = await t.as(without.token, {
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(refused.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(refused.json().message).toBe('You do not have permission to perform this action');
      expect(await snapshot(t.db), `${r.method} ${r.url} changed data`).toBe(before);

      const allowed = await memo(holding, r.access, () => [r.access]);
      const res = await t.as(allowed.token, {
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(403);
      expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(401);
    }
    expect(adminToken).toBeTruthy();
  }, 360_000);
});

import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { permissions, roles } from '../../db/schema';
import type * as passwords from '../../lib/passwords';
import type { TestApp } from '../../test/harness';

/** Counts every password check the API makes, while still checking for real. */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return {
    ...real,
    verifyPassword: async (...args: Parameters<typeof real.verifyPassword>) => {
      checks.count += 1;
      return real.verifyPassword(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  // Files share their worker's modules (vitest.config.ts): an earlier file may have loaded the
  // API with the real password module, so it is loaded again here, with the counted one.
  vi.resetModules();
  const { createTestApp } = await import('../../test/harness');
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password },
    remoteAddress: ip,
  });

function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

describe('sign-in throttle (decision 018)', () => {
  it('lets exactly 5 of 100 parallel wrong passwords for one email and address be checked', async () => {
    const { id } = await t.userWith([], { email: 'burst@test.local' });
    expect(id).toBeGreaterThan(0);
    checks.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login('burst@test.local', `wrong-${i}`, '10.9.0.1')),
    );
    expect(checks.count).toBe(5);
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 401: 5, 429: 95 });
  });

  it('limits one account across addresses: 20 addresses with one try each get 10 checks', async () => {
    await t.userWith([], { email: 'spread@test.local' });
    checks.count = 0;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login('spread@test.local', `wrong-${i}`, `10.8.0.${i + 1}`),
      ),
    );
    expect(checks.count).toBe(10);
    expect(tally(answers.map((a) => a.statusCode))).toEqual({ 401: 10, 429: 10 });
  });

  it('gives the attempt back on a correct password', async () => {
    await t.userWith([], { email: 'steady@test.local', password: 'Steady@123' });
    // Far more successful sign-ins than any limit, from one address.
    for (let i = 0; i < 12; i++)
      expect((await login('steady@test.local', 'Steady@123', '10.7.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await login('steady@test.local', 'wrong-password', '10.7.0.1')).statusCode).toBe(401);
    expect((await login('steady@test.local', 'Steady@123', '10.7.0.1')).statusCode).toBe(200);
  });
});

describe('blocked accounts (decision 018)', () => {
  async function answersFor(email: string, password: string, ip: string) {
    const right = await login(email, password, ip);
    const wrong = await login(email, 'not-the-password', ip);
    return {
      right: { status: right.statusCode, body: right.json() },
      wrong: { status: wrong.statusCode, body: wrong.json() },
    };
  }

  it('answers a suspended user the same with the right and a wrong password', async () => {
    const staff = await t.userWith(['users.view'], {
      email: 'suspended@test.local',
      password: 'Right@123',
    });
    const admin = await t.login();
    const put = await t.editUser(admin, staff.id, { status: 'suspended' });
    expect(put.statusCode).toBe(200);
    const { right, wrong } = await answersFor('suspended@test.local', 'Right@123', '10.6.0.1');
    expect(right).toEqual(wrong);
    expect(right.status).toBe(401);
  });

  it('answers a user whose role lacks admin.access the same with the right and a wrong password', async () => {
    const staff = await t.userWith([], { email: 'no-access@test.local', password: 'Right@123' });
    const [access] = await t.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(eq(permissions.name, 'admin.access'));
    const admin = await t.login();
    const res = await t.as(admin, {
      method: 'DELETE',
      url: `/api/roles/${staff.roleId}/permissions`,
      payload: { permission_ids: [access!.id] },
    });
    expect(res.statusCode).toBe(200);
    const { right, wrong } = await answersFor('no-access@test.local', 'Right@123', '10.6.0.2');
    expect(right).toEqual(wrong);
    expect(right.status).toBe(401);
  });
});

describe('taking away the right to sign in ends sessions for good', () => {
  async function putUser(admin: string, id: number, changes: Record<string, unknown>) {
    expect((await t.editUser(admin, id, changes)).statusCode).toBe(200);
  }
  const profile = (token: string) => t.as(token, { method: 'GET', url: '/api/user/profile' });

  it('suspend, then unsuspend: the old token stays dead', async () => {
    const admin = await t.login();
    const staff = await t.userWith(['users.view']);
    await putUser(admin, staff.id, { status: 'suspended' });
    expect((await profile(staff.token)).statusCode).toBe(401);
    await putUser(admin, staff.id, { status: 'verified' });
    expect((await profile(staff.token)).statusCode).toBe(401);
  });

  it('deactivate the role, then activate it again: the old token stays dead', async () => {
    const admin = await t.login();
    const staff = await t.userWith(['users.view']);
    const [role] = await t.db.select().from(roles).where(eq(roles.id, staff.roleId));
    const put = (is_active: boolean) =>
      t.as(admin, {
        method: 'PUT',
        url: `/api/roles/${staff.roleId}`,
        payload: { name: role!.name, is_active },
      });
    expect((await put(false)).statusCode).toBe(200);
    expect((await profile(staff.token)).statusCode).toBe(401);
    expect((await put(true)).statusCode).toBe(200);
    expect((await profile(staff.token)).statusCode).toBe(401);
  });

  it('move the user to a role without admin.access and back: the old token stays dead', async () => {
    const admin = await t.login();
    const staff = await t.userWith(['users.view']);
    const [plain] = await t.db
      .insert(roles)
      .values({ name: 'no sign-in', description: '' })
      .returning({ id: roles.id });
    await putUser(admin, staff.id, { role_id: plain!.id });
    expect((await profile(staff.token)).statusCode).toBe(401);
    await putUser(admin, staff.id, { role_id: staff.roleId });
    expect((await profile(staff.token)).statusCode).toBe(401);
  });

  it('take admin.access from the role and give it back: the old token stays dead', async () => {
    const admin = await t.login();
    const staff = await t.userWith(['users.view'], { email: 'regranted@test.local' });
    const ids = (
      await t.db
        .select({ id: permissions.id })
        .from(permissions)
        .where(inArray(permissions.name, ['admin.access']))
    ).map((p) => p.id);
    const change = (method: 'POST' | 'DELETE') =>
      t.as(admin, {
        method,
        url: `/api/roles/${staff.roleId}/permissions`,
        payload: { permission_ids: ids },
      });
    expect((await change('DELETE')).statusCode).toBe(200);
    expect((await profile(staff.token)).statusCode).toBe(401);
    expect((await change('POST')).statusCode).toBe(200);
    expect((await profile(staff.token)).statusCode).toBe(401);
    // Signing in again works: only the sessions were ended, not the account.
    expect((await login('regranted@test.local', 'Staff@12345', '10.5.0.1')).statusCode).toBe(200);
  });
});

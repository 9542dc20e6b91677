import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestApp, userPayload, type TestApp } from '../../test/harness';

/**
 * Sessions are cached per instance and forgotten on every auth change (decision 008). A change
 * made straight in the database stands for one made by another instance or by hand.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (token: string) => t.as(token, { method: 'GET', url: '/api/user/profile' });
const refusedSoon = (token: string) =>
  vi.waitFor(async () => expect((await profile(token)).statusCode).toBe(401), {
    timeout: 3000,
    interval: 20,
  });

describe('session cache', () => {
  it('serves a cached session until the database says it changed', async () => {
    const staff = await t.userWith(['users.view']);
    expect((await profile(staff.token)).statusCode).toBe(200);

    // With the notifying trigger switched off, a revocation goes unheard: the cache is in use.
    await t.db.execute(sql`alter table sessions disable trigger sessions_auth_changed`);
    try {
      await t.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.userId, staff.id));
      expect((await profile(staff.token)).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`alter table sessions enable trigger sessions_auth_changed`);
    }
    await t.db.execute(sql`notify auth_changed`);
    await refusedSoon(staff.token);
  });

  it('hears a revocation, a suspension and a role change made elsewhere', async () => {
    const revoked = await t.userWith(['users.view']);
    const suspended = await t.userWith(['users.view']);
    const moved = await t.userWith(['users.view']);
    for (const u of [revoked, suspended, moved])
      expect((await profile(u.token)).statusCode).toBe(200);

    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, revoked.id));
    await refusedSoon(revoked.token);

    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.id));
    await refusedSoon(suspended.token);

    const noAccess = await t.userWith(['users.view']);
    await t.db.execute(sql`delete from role_permissions where role_id = ${noAccess.roleId}`);
    await t.db.update(users).set({ roleId: noAccess.roleId }).where(eq(users.id, moved.id));
    await refusedSoon(moved.token);
  });

  it('tells only when a user edit really changes their status or role', async () => {
    const staff = await t.userWith(['users.view']);
    let heard = 0;
    const subscription = await t.database.subscribe('auth_changed', {
      message: () => (heard += 1),
      up: () => {},
      down: () => {},
    });
    try {
      const [row] = await t.db.select().from(users).where(eq(users.id, staff.id));
      // Saved as it was (the user form always sends both columns): nothing to tell.
      await t.db
        .update(users)
        .set({ status: row!.status, roleId: row!.roleId, city: 'Pune' })
        .where(eq(users.id, staff.id));
      // Notifications arrive in commit order: once this one is heard, any earlier one was.
      await t.db.execute(sql`notify auth_changed`);
      await vi.waitFor(() => expect(heard).toBeGreaterThanOrEqual(1), { timeout: 3000 });
      expect(heard).toBe(1);

      await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, staff.id));
      await vi.waitFor(() => expect(heard).toBe(2), { timeout: 3000 });
    } finally {
      await subscription.close();
    }
  });

  it('applies a change made through this instance on the very next request', async () => {
    const token = await t.login();
    const staff = await t.userWith(['users.view']);
    expect((await profile(staff.token)).statusCode).toBe(200);
    const { user } = (await t.as(token, { method: 'GET', url: `/api/users/${staff.id}` })).json()
      .data;
    const res = await t.as(token, {
      method: 'PUT',
      url: `/api/users/${staff.id}`,
      payload: userPayload(user.role_id, {
        email: user.details.email,
        phone_number: user.phone_number,
        status: 'suspended',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(staff.token)).statusCode).toBe(401);
  });

  // PostgreSQL only: LISTEN runs on a server connection that can drop; PGlite has none.
  it.runIf(process.env.TEST_DB === 'pg')(
    'forgets what it cached when the listening connection drops, and listens again',
    async () => {
      const staff = await t.userWith(['users.view']);
      expect((await profile(staff.token)).statusCode).toBe(200);
      await t.db.execute(sql`alter table sessions disable trigger sessions_auth_changed`);
      try {
        await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
                             where datname = current_database() and query ilike 'listen%'`);
        // Unheard, yet it holds: a lost connection empties the cache.
        await t.db
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(eq(sessions.userId, staff.id));
        await refusedSoon(staff.token);
      } finally {
        await t.db.execute(sql`alter table sessions enable trigger sessions_auth_changed`);
      }
      // It listens again on its own.
      await vi.waitFor(
        async () => {
          const { rows } = (await t.db.execute(sql`select count(*)::int as n from pg_stat_activity
                                                 where datname = current_database() and query ilike 'listen%auth_changed%'`)) as unknown as {
            rows: { n: number }[];
          };
          expect(rows[0]!.n).toBe(1);
        },
        { timeout: 5000, interval: 100 },
      );
    },
  );
});

import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_JOB_MESSAGES,
  FORBIDDEN_MESSAGE,
  PROTECTED_ROLE_ID,
  topicInUseMessage,
  ROLE_MESSAGES,
  TEAM_MESSAGES,
  USER_ERRORS,
  type BulkJob,
} from '@cricket/contracts';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import {
  audiences,
  auditLogs,
  bulkJobItems,
  messagingTopics,
  notificationTemplates,
  roles,
  teamPlayers,
  teams,
  users,
} from '../../db/schema';
import { DEFAULT_BULK_SETTINGS } from '../../plugins/bulk-jobs';
import { ADMIN, createTestApp, type TestApp } from '../../test/harness';

/**
 * Bulk actions as jobs (issue 33, decision 060), on both databases. The job of 2,000
 * users runs on PostgreSQL; embedded PGlite, one connection in the test's own process, runs the
 * same shape over 200 rows to keep the suite's time (the rules and counts are the same).
 */
const ON_SERVER = process.env.TEST_DB === 'pg';
const ROWS = ON_SERVER ? 2_000 : 200;

let t: TestApp;
let admin: string;
let adminId: number;
let playersRole: number;
let made = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
  adminId = me!.id;
  const [role] = await t.db.insert(roles).values({ name: 'bulk players' }).returning();
  playersRole = role!.id;
});
afterAll(() => t.close());

/** `n` users in one statement, each with a unique email and phone number. */
async function makeUsers(n: number, o: { roleId?: number; status?: string } = {}) {
  const from = made;
  made += n;
  const rows = await t.db.execute<{ id: number }>(sql`
    insert into ${users} (first_name, last_name, email, phone_number, role_id, status)
    select 'Bulk', 'Player ' || g, 'bulk' || g || '@jobs.test', (7100000000 + g)::text,
      ${o.roleId ?? playersRole}, ${o.status ?? 'verified'}
    from generate_series(${from + 1}::int, ${from + n}::int) g
    returning id`);
  return (rows as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
}

async function post(token: string, payload: object) {
  return t.as(token, { method: 'POST', url: '/api/bulk-jobs', payload });
}

async function start(token: string, payload: object): Promise<BulkJob> {
  const res = await post(token, payload);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data.job;
}

async function jobOf(token: string, id: number): Promise<BulkJob> {
  const res = await t.as(token, { method: 'GET', url: `/api/bulk-jobs/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.job;
}

const auditCount = async (actorId: number, entityType: string, action: string, ids: number[]) => {
  const [row] = await t.db
    .select({ n: count() })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.actorId, actorId),
        eq(auditLogs.entityType, entityType),
        eq(auditLogs.action, action),
        inArray(auditLogs.entityId, ids),
      ),
    );
  return row!.n;
};

const existing = async (ids: number[]) =>
  (await t.db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((u) => u.id);

describe('bulk jobs', () => {
  it(`deletes ${ROWS} users row by row: the 3 protected ones fail with their reasons`, async () => {
    const staff = await t.userWith(['users.view', 'users.delete']);
    const plain = await makeUsers(ROWS - 3);
    const [owner] = await makeUsers(1);
    await t.db.insert(teams).values({
      name: 'Bulk Owners XI',
      location: 'Pune',
      teamInitials: 'BOX',
      ownerId: owner!,
    });
    // A user of the admin role: the staff lack its permissions, so may not manage them.
    const [adminUser] = await makeUsers(1, { roleId: PROTECTED_ROLE_ID });
    const ids = [...plain.slice(0, 10), staff.id, ...plain.slice(10), owner!, adminUser!];
    expect(ids).toHaveLength(ROWS);

    const queued = await start(staff.token, { list: 'users', action: 'delete', ids });
    expect(queued).toMatchObject({ status: 'queued', total: ROWS, done: 0, failed: 0 });
    await t.app.bulkJobs.worker.runOnce();

    const job = await jobOf(staff.token, queued.id);
    expect(job).toMatchObject({ status: 'done', total: ROWS, done: ROWS - 3, failed: 3 });
    expect(job.errors).toEqual([
      { id: staff.id, message: USER_ERRORS.selfDelete },
      { id: owner, message: USER_ERRORS.ownsTeam },
      { id: adminUser, message: USER_ERRORS.beyondOwnRights },
    ]);
    expect(await auditCount(staff.id, 'user', 'delete', ids)).toBe(ROWS - 3);
    expect((await existing(ids)).sort()).toEqual([staff.id, owner!, adminUser!].sort());
    // Room for 2,000 rows of a dozen statements each on a loaded CI machine; nothing is timed.
  }, 900_000);

  it('stops between rows when cancelled while running, leaving the rest untouched', async () => {
    const ids = await makeUsers(ON_SERVER ? 500 : 120);
    const queued = await start(admin, { list: 'users', action: 'delete', ids });
    const running = t.app.bulkJobs.worker.runOnce();
    // Cancel once the job is under way, from the API, while the worker runs its rows.
    let seen = queued;
    while (seen.done < 5 && seen.status !== 'done') {
      // As the screen polls: now and then, not in a loop that leaves the worker no turn.
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await jobOf(admin, queued.id);
    }
    const cancel = await t.as(admin, { method: 'POST', url: `/api/bulk-jobs/${queued.id}/cancel` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.job).toMatchObject({ status: 'running', cancel_requested: true });
    await running;

    const job = await jobOf(admin, queued.id);
    expect(job.status).toBe('cancelled');
    expect(job.finished_at).not.toBeNull();
    expect(job.done).toBeGreaterThanOrEqual(5);
    expect(job.done).toBeLessThan(ids.length);
    // Exactly the rows before the stop are gone, each with its audit record; the rest stand.
    const items = await t.db
      .select({ id: bulkJobItems.entityId, state: bulkJobItems.state })
      .from(bulkJobItems)
      .where(eq(bulkJobItems.jobId, queued.id))
      .orderBy(bulkJobItems.position);
    const done = items.filter((i) => i.state === 'done').map((i) => i.id);
    const pending = items.filter((i) => i.state === 'pending').map((i) => i.id);
    expect(done).toEqual(ids.slice(0, job.done));
    expect(pending).toEqual(ids.slice(job.done));
    expect(await existing(done)).toEqual([]);
    expect((await existing(pending)).length).toBe(pending.length);
    expect(await auditCount(adminId, 'user', 'delete', pending)).toBe(0);
    expect(await auditCount(adminId, 'user', 'delete', done)).toBe(done.length);

    const again = await t.as(admin, { method: 'POST', url: `/api/bulk-jobs/${queued.id}/cancel` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BULK_JOB_MESSAGES.finished);
  });

  it("sets the status of exactly the rows matching the list's filters", async () => {
    const [role] = await t.db.insert(roles).values({ name: 'bulk status' }).returning();
    const matching = await makeUsers(30, { roleId: role!.id, status: 'pending' });
    const otherStatus = await makeUsers(10, { roleId: role!.id, status: 'verified' });
    const otherRole = await makeUsers(10, { status: 'pending' });
    const staff = await t.userWith(['users.view', 'users.update']);

    const queued = await start(staff.token, {
      list: 'users',
      action: 'set_status',
      status: 'suspended',
      // As the list's URL carries its filters: text, with its page and size ignored.
      query: { role_id: String(role!.id), status: 'pending', page: '3', limit: '10' },
    });
    expect(queued.total).toBe(30);
    await t.app.bulkJobs.worker.runOnce();
    expect(await jobOf(staff.token, queued.id)).toMatchObject({ status: 'done', done: 30 });

    const statuses = await t.db
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(inArray(users.id, [...matching, ...otherStatus, ...otherRole]));
    const suspended = statuses.filter((u) => u.status === 'suspended').map((u) => u.id);
    expect(suspended.sort()).toEqual([...matching].sort());
    expect(await auditCount(staff.id, 'user', 'update', matching)).toBe(30);
  });

  it("refuses a role's rules row by row: the admin role stays active", async () => {
    const [other] = await t.db.insert(roles).values({ name: 'bulk inactive' }).returning();
    const queued = await start(admin, {
      list: 'roles',
      action: 'set_status',
      status: 'inactive',
      ids: [PROTECTED_ROLE_ID, other!.id],
    });
    await t.app.bulkJobs.worker.runOnce();
    const job = await jobOf(admin, queued.id);
    expect(job).toMatchObject({ status: 'done', done: 1, failed: 1 });
    expect(job.errors).toEqual([
      { id: PROTECTED_ROLE_ID, message: ROLE_MESSAGES.protectedDeactivate },
    ]);
    const [row] = await t.db.select().from(roles).where(eq(roles.id, other!.id));
    expect(row!.isActive).toBe(false);
  });

  it('deletes messaging topics row by row: one a template names fails with that reason', async () => {
    const made = await t.db
      .insert(messagingTopics)
      .values([{ name: 'Bulk topic free' }, { name: 'Bulk topic named' }])
      .returning({ id: messagingTopics.id });
    const [free, named] = made.map((row) => row.id);
    await t.db.insert(notificationTemplates).values({
      name: 'Bulk topic template',
      type: 'email',
      subject: 'Hello',
      message: 'Ten or more characters',
      topicId: named,
    });
    const queued = await start(admin, {
      list: 'messaging-topics',
      action: 'delete',
      ids: made.map((row) => row.id),
    });
    await t.app.bulkJobs.worker.runOnce();
    const job = await jobOf(admin, queued.id);
    expect(job).toMatchObject({ status: 'done', total: 2, done: 1, failed: 1 });
    expect(job.errors).toEqual([{ id: named, message: topicInUseMessage(1) }]);
    const left = await t.db
      .select({ id: messagingTopics.id })
      .from(messagingTopics)
      .where(inArray(messagingTopics.id, [free!, named!]));
    expect(left).toEqual([{ id: named }]);
    const [audited] = await t.db
      .select({ n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'messaging_topic'), eq(auditLogs.entityId, free!)));
    expect(audited!.n).toBe(1);
  });

  it("deletes every saved audience matching the list's search, each audited, the rest kept", async () => {
    const rules = [{ field: 'status' as const, status: 'verified' as const, not: false }];
    const made = await t.db
      .insert(audiences)
      .values([
        { name: 'Bulk juniors one', match: 'all', rules },
        { name: 'Bulk juniors two', match: 'all', rules },
        { name: 'Bulk seniors', match: 'all', rules },
      ])
      .returning({ id: audiences.id });
    const queued = await start(admin, {
      list: 'audiences',
      action: 'delete',
      query: { search: 'bulk juniors' },
    });
    await t.app.bulkJobs.worker.runOnce();
    expect(await jobOf(admin, queued.id)).toMatchObject({ status: 'done', total: 2, done: 2 });
    const left = await t.db
      .select({ name: audiences.name })
      .from(audiences)
      .where(
        inArray(
          audiences.id,
          made.map((row) => row.id),
        ),
      );
    expect(left).toEqual([{ name: 'Bulk seniors' }]);
    const [audited] = await t.db
      .select({ n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'audience'), eq(auditLogs.action, 'delete')));
    expect(audited!.n).toBe(2);
  });

  it("removes players from a team's squad row by row, the job's scope naming the team", async () => {
    const [team] = await t.db
      .insert(teams)
      .values({ name: 'Bulk squad', location: 'Pune', teamInitials: 'BSQ', ownerId: adminId })
      .returning({ id: teams.id });
    const teamId = team!.id;
    const [a, b, c, outside] = await makeUsers(4);
    await t.db.insert(teamPlayers).values([a, b, c].map((userId) => ({ teamId, userId: userId! })));
    await t.db.update(teams).set({ playersCount: 3 }).where(eq(teams.id, teamId));
    const scope = { team_id: teamId };
    const squad = async () =>
      (
        await t.db
          .select({ id: teamPlayers.userId })
          .from(teamPlayers)
          .where(eq(teamPlayers.teamId, teamId))
      ).map((row) => row.id);

    const picked = await start(admin, {
      list: 'team-players',
      action: 'delete',
      ids: [a, outside],
      scope,
    });
    expect(picked.scope).toEqual(scope);
    await t.app.bulkJobs.worker.runOnce();
    const first = await jobOf(admin, picked.id);
    expect(first).toMatchObject({ status: 'done', total: 2, done: 1, failed: 1 });
    expect(first.errors).toEqual([{ id: outside, message: TEAM_MESSAGES.playerNotInTeam }]);
    expect((await squad()).sort()).toEqual([b, c].sort());
    // The removed player is a user still; only their place in the squad went.
    expect(await existing([a!])).toEqual([a]);

    // 'All matching' is the rest of this team's squad, and the count follows it.
    const rest = await start(admin, { list: 'team-players', action: 'delete', query: {}, scope });
    expect(rest.total).toBe(2);
    await t.app.bulkJobs.worker.runOnce();
    expect(await jobOf(admin, rest.id)).toMatchObject({ status: 'done', done: 2, failed: 0 });
    expect(await squad()).toEqual([]);
    const [counted] = await t.db
      .select({ n: teams.playersCount })
      .from(teams)
      .where(eq(teams.id, teamId));
    expect(counted!.n).toBe(0);
    // Each removal is an edit of the team, as the single-row remove is audited.
    expect(await auditCount(adminId, 'team', 'player_remove', [teamId])).toBe(3);

    // The squad's own permission: seeing the squad is not removing from it.
    const viewer = await t.userWith(['teams.view', 'team_players.view']);
    const denied = await post(viewer.token, {
      list: 'team-players',
      action: 'delete',
      ids: [b],
      scope,
    });
    expect(denied.statusCode).toBe(403);
  });

  it("needs the single-row action's permission on the list", async () => {
    const viewer = await t.userWith(['users.view']);
    const deleter = await t.userWith(['users.view', 'users.delete']);
    const [id] = await makeUsers(1);
    for (const [token, payload] of [
      [viewer.token, { list: 'users', action: 'delete', ids: [id] }],
      [deleter.token, { list: 'users', action: 'set_status', status: 'suspended', ids: [id] }],
      [deleter.token, { list: 'teams', action: 'delete', ids: [1] }],
    ] as const) {
      const res = await post(token, payload);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(FORBIDDEN_MESSAGE);
    }
    expect(await existing([id!])).toEqual([id]);
  });

  it("answers 404 for someone else's job, to read or to cancel", async () => {
    const [id] = await makeUsers(1);
    const job = await start(admin, { list: 'users', action: 'delete', ids: [id] });
    const other = await t.userWith(['users.view', 'users.delete']);
    for (const req of [
      { method: 'GET', url: `/api/bulk-jobs/${job.id}` },
      { method: 'POST', url: `/api/bulk-jobs/${job.id}/cancel` },
    ] as const) {
      const res = await t.as(other.token, req);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(BULK_JOB_MESSAGES.notFound);
    }
    // Cancelled at once while still queued: nothing ran.
    const res = await t.as(admin, { method: 'POST', url: `/api/bulk-jobs/${job.id}/cancel` });
    expect(res.json().data.job).toMatchObject({ status: 'cancelled', done: 0 });
    expect(await t.app.bulkJobs.worker.runOnce()).toBe(0);
    expect(await existing([id!])).toEqual([id]);
  });

  it('refuses what is not a bulk action with 400', async () => {
    const cases: [object, string, string][] = [
      [{ list: 'matches', action: 'delete', ids: [1] }, 'list', BULK_JOB_MESSAGES.unknownList],
      [{ list: 'users', action: 'archive', ids: [1] }, 'action', BULK_JOB_MESSAGES.unknownAction],
      [
        { list: 'users', action: 'set_status', ids: [1] },
        'status',
        BULK_JOB_MESSAGES.statusRequired,
      ],
      [
        { list: 'users', action: 'set_status', status: 'gone', ids: [1] },
        'status',
        BULK_JOB_MESSAGES.statusInvalid('users'),
      ],
      [
        { list: 'teams', action: 'set_status', status: 'active', ids: [1] },
        'action',
        BULK_JOB_MESSAGES.actionNotOffered('teams'),
      ],
      [
        { list: 'users', action: 'delete', ids: [1], query: {} },
        'ids',
        BULK_JOB_MESSAGES.idsOrQuery,
      ],
      [{ list: 'users', action: 'delete' }, 'ids', BULK_JOB_MESSAGES.idsOrQuery],
      [{ list: 'users', action: 'delete', ids: [] }, 'ids', BULK_JOB_MESSAGES.idsEmpty],
      [
        { list: 'team-players', action: 'delete', ids: [1] },
        'scope',
        BULK_JOB_MESSAGES.scopeRequired('team-players'),
      ],
      [
        { list: 'users', action: 'delete', ids: [1], scope: { team_id: 1 } },
        'scope',
        BULK_JOB_MESSAGES.scopeNotUsed('users'),
      ],
      [
        { list: 'team-players', action: 'delete', ids: [1], scope: { team_id: 'x' } },
        'scope.team_id',
        BULK_JOB_MESSAGES.scopeInvalid,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(payload)).toEqual([message]);
    }
    const badFilter = await post(admin, {
      list: 'users',
      action: 'delete',
      query: { status: 'x' },
    });
    expect(badFilter.statusCode).toBe(400);
    expect(Object.keys(badFilter.json().errors)).toEqual(['query.status']);
  });

  it('resumes after a restart without redoing the rows already done', async () => {
    const ids = await makeUsers(40);
    const queued = await start(admin, { list: 'users', action: 'delete', ids });
    // The first process runs 15 rows and dies: its job stays running under its lease.
    expect(await t.app.bulkJobs.worker.runOnce({ maxRows: 15 })).toBe(15);
    expect(await jobOf(admin, queued.id)).toMatchObject({ status: 'running', done: 15 });

    // A new process on the same database: it takes the job up once the lease has run out.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      UPLOAD_DIR: t.uploadDir,
      MAINTENANCE_JOBS: 'false',
      BULK_WORKER: 'false',
    });
    const second = await buildApp({ config, database: t.database, logger: false });
    try {
      await second.ready();
      expect(await second.bulkJobs.worker.runOnce()).toBe(0);
      const later = new Date(Date.now() + DEFAULT_BULK_SETTINGS.leaseMs + 1_000);
      expect(await second.bulkJobs.worker.runOnce({ now: later })).toBe(25);
    } finally {
      await second.close();
    }
    const job = await jobOf(admin, queued.id);
    expect(job).toMatchObject({ status: 'done', done: 40, failed: 0 });
    expect(await existing(ids)).toEqual([]);
    expect(await auditCount(adminId, 'user', 'delete', ids)).toBe(40);
  });
});

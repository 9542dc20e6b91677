import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_COUNT_CAP,
  AUDIT_SORT_KEYS,
  auditLogsQuery,
  type AuditLog,
} from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { auditLogs, roles, users } from '../../db/schema';
import { ADMIN, createTestApp, userPayload, type TestApp } from '../../test/harness';
import { auditPageQuery } from './repository';

let t: TestApp;
let token: string;
let adminId: number;
let teamId: number;
let otherTeamId: number;
let adminName: string;

type Page = { data: { data: AuditLog[]; pagination: { total: number; total_pages: number } } };
/** The page query's plan with the tiny trail forbidden to be scanned whole (or by bitmap). */
const explainPage = (q: ReturnType<typeof auditLogsQuery.parse>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      tx,
      sql`explain ${auditPageQuery(tx, q)}`,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });

/**
 * Whether the plan sorts nothing but the page: the page's ids come in order from an index under
 * the Limit, and only those rows are sorted again above it (decision 084).
 */
const sortsOnlyThePage = (plan: string) => {
  const lines = plan.split('\n');
  const limit = lines.findIndex((line) => /Limit/.test(line));
  return limit >= 0 && !lines.slice(limit).some((line) => /Sort/.test(line));
};

const list = async (query: string, as = token) => {
  const res = await t.as(as, { method: 'GET', url: `/api/audit-logs?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>().data;
};

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const [admin] = await t.db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users);
  adminId = admin!.id;
  adminName = [admin!.first, admin!.last].filter(Boolean).join(' ');
  const [owner] = await t.db.insert(roles).values({ name: 'owner' }).returning({ id: roles.id });
  const made = await t.as(token, {
    method: 'POST',
    url: '/api/users',
    payload: userPayload(owner!.id, { email: 'owner@audit.test', phone_number: '9812345678' }),
  });
  const ownerId = made.json().data.user.id;
  const team = async (name: string) =>
    (
      await t.as(token, {
        method: 'POST',
        url: '/api/teams',
        payload: { name, location: 'Pune', team_initials: 'PU', owner_id: ownerId },
      })
    ).json().data.team.id as number;
  teamId = await team('First XI');
  otherTeamId = await team('Second XI');
  for (const name of ['First XI v2', 'First XI v3'])
    await t.as(token, {
      method: 'PUT',
      url: `/api/teams/${teamId}`,
      payload: { name, location: 'Pune', team_initials: 'PU', owner_id: ownerId },
    });
});
afterAll(() => t.close());

describe('GET /api/audit-logs', () => {
  it('lists every record newest first with the actor and the field changes', async () => {
    const page = await list('limit=50');
    expect(page.pagination.total).toBe(5);
    const ids = page.data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.data[0]).toMatchObject({
      actor: { id: adminId, name: adminName, email: ADMIN.email },
      entity_type: 'team',
      entity_id: teamId,
      action: 'update',
      changes: { name: { before: 'First XI v2', after: 'First XI v3' } },
    });
  });

  it('filters by record type, record id, actor, action and days, and pages', async () => {
    expect((await list(`entity_type=team&entity_id=${teamId}`)).pagination.total).toBe(3);
    expect((await list(`entity_type=team&entity_id=${otherTeamId}`)).pagination.total).toBe(1);
    expect((await list('entity_type=user')).pagination.total).toBe(1);
    expect((await list('action=update')).pagination.total).toBe(2);
    expect((await list(`actor_id=${adminId}`)).pagination.total).toBe(5);
    expect((await list(`actor_id=${adminId + 1000}`)).pagination.total).toBe(0);
    expect((await list(`actor=${ADMIN.email.toUpperCase()}`)).pagination.total).toBe(5);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=${today}&to=${today}`)).pagination.total).toBe(5);
    expect((await list('to=2000-01-01')).pagination.total).toBe(0);
    const second = await list('limit=2&page=2');
    expect(second.data).toHaveLength(2);
    expect(second.pagination).toMatchObject({ total: 5, total_pages: 3 });
    // Empty values are "All", as the screen's cleared filters send them.
    expect((await list('entity_type=&action=&from=&to=')).pagination.total).toBe(5);
  });

  it("matches part of the actor's name or email, any case, as recorded at the time", async () => {
    const local = ADMIN.email.split('@')[0]!;
    for (const part of [local.slice(1, -1), local.toUpperCase(), adminName.split(' ')[0]!])
      expect((await list(`actor=${encodeURIComponent(part)}`)).pagination.total, part).toBe(5);
    expect((await list('actor=nobody-by-this-name')).pagination.total).toBe(0);
    // LIKE's wildcards are the characters themselves.
    expect((await list('actor=%25')).pagination.total).toBe(0);
    expect((await list('actor=_')).pagination.total).toBe(0);

    // A rename later does not rewrite the trail: the name is the one at the time.
    await t.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, adminId));
    expect((await list('actor=renamed')).pagination.total).toBe(0);
    await t.db
      .update(users)
      .set({ firstName: adminName.split(' ')[0]! })
      .where(eq(users.id, adminId));
  });

  it('finds a rare actor through the trigram index, not by reading the trail whole', async () => {
    const q = auditLogsQuery.parse({ actor: ADMIN.email.slice(0, 6) });
    // A frequent actor's page is met soonest by the newest-first scan of audit_logs_created_idx
    // that stops after the page; for a rare one the planner takes the trigram index. Forbid the
    // first to see that the second exists and serves the filter.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain ${auditPageQuery(tx, q)}`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Bitmap Index Scan on audit_logs_actor_search_trgm/);
  });

  it('refuses a bad filter with its message', async () => {
    for (const [query, message] of [
      ['entity_type=planet', 'Please choose a valid record type'],
      ['action=explode', 'Please choose a valid action'],
      ['from=2026-13-45', 'Please enter a valid date'],
      // A day that does not exist is refused, not moved to March 2.
      ['from=2026-02-30', 'Please enter a valid date'],
      ['to=2025-02-29', 'Please enter a valid date'],
      // PostgreSQL has no year 0: zod's ISO date alone takes it, and the query would fail.
      ['from=0000-02-29', 'Please enter a valid date'],
      ['from=2026-02-01&to=2026-01-01', 'The start date must not be after the end date'],
    ]) {
      const res = await t.as(token, { method: 'GET', url: `/api/audit-logs?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json().errors), query).toContain(message);
    }
  });

  it('needs audit.view', async () => {
    const without = await t.userWith(['teams.view']);
    const res = await t.as(without.token, { method: 'GET', url: '/api/audit-logs' });
    expect(res.statusCode).toBe(403);
    const withIt = await t.userWith(['audit.view']);
    expect((await list('', withIt.token)).pagination.total).toBeGreaterThan(0);
  });

  it('answers every filter from an index in page order, without sorting the trail', async () => {
    const filters = [
      '',
      'entity_type=team',
      `entity_type=team&entity_id=${teamId}`,
      `actor_id=${adminId}`,
      'action=update',
      'from=2026-01-01&to=2026-12-31',
    ];
    for (const f of filters) {
      const q = auditLogsQuery.parse(Object.fromEntries(new URLSearchParams(f)));
      // A tiny table is cheapest to scan whole; forbid that to see which plan the index gives.
      const plan = await explainPage(q);
      expect(plan, f).toMatch(/Index (Only )?Scan Backward using audit_logs_\w+_idx/);
      expect(sortsOnlyThePage(plan), `${f}\n${plan}`).toBe(true);
    }
    expect(await t.db.$count(auditLogs)).toBeGreaterThan(0);
  });

  it("keeps the whole trail's total through writes, a many-record insert and deletes (decision 084)", async () => {
    const counted = async () => Math.min(await t.db.$count(auditLogs), AUDIT_COUNT_CAP);
    expect((await list('')).pagination.total).toBe(await counted());

    // One statement writing many records, as a bulk job's; then deletes, as retention's.
    await t.db.execute(sql`
      insert into audit_logs (entity_type, entity_id, action)
      select 'team', ${teamId}, 'update' from generate_series(1, 25)`);
    expect((await list('')).pagination.total).toBe(await counted());
    await t.db.execute(sql`
      delete from audit_logs where id in (
        select id from audit_logs where entity_type = 'team' and action = 'update'
        order by id desc limit 20)`);
    const total = (await list('')).pagination.total;
    expect(total).toBe(await counted());
    // A filter still counts its own records.
    expect((await list(`entity_type=team&entity_id=${teamId}`)).pagination.total).toBe(
      await t.db.$count(
        auditLogs,
        and(eq(auditLogs.entityType, 'team'), eq(auditLogs.entityId, teamId)),
      ),
    );
  });

  it("names only the page's records, not every record the offset passes (decision 084)", async () => {
    const total = await t.db.$count(auditLogs);
    const q = auditLogsQuery.parse({ page: '3', limit: '1' });
    expect(total).toBeGreaterThan(3);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      t.db,
      sql`explain (analyze, costs off, timing off) ${auditPageQuery(t.db, q)}`,
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    // Each kind's name lookup ran at most once: for the one record on the page.
    const lookups = [...plan.matchAll(/using (users|teams|roles)_pkey on \w+.*loops=(\d+)/g)];
    expect(lookups.length, plan).toBeGreaterThan(0);
    for (const [, , loops] of lookups) expect(Number(loops), plan).toBeLessThanOrEqual(1);
  });

  it('sorts by each key both ways as ORDER BY does, from the index that key leads (issue 33)', async () => {
    const lead: Record<string, string> = {
      created_at: '',
      entity_type: 'entity_type %, ',
      action: 'action %, ',
    };
    for (const sort of AUDIT_SORT_KEYS)
      for (const order of ['asc', 'desc'] as const) {
        const way = (text: string) => text.replaceAll('%', order);
        const oracle = await queryRows<{ id: number }>(
          t.db,
          sql`select id::int as id from audit_logs order by ${sql.raw(way(`${lead[sort]}created_at %, id %`))} limit 100`,
        );
        const page = await list(`sort=${sort}&order=${order}&limit=100`);
        expect(
          page.data.map((r) => r.id),
          `${sort} ${order}`,
        ).toEqual(oracle.map((r) => r.id));

        const q = auditLogsQuery.parse({ sort, order, page: 3 });
        const plan = await explainPage(q);
        expect(plan, `${sort} ${order}`).toMatch(
          /Index (Only )?Scan( Backward)? using audit_logs_\w+_idx/,
        );
        expect(sortsOnlyThePage(plan), `${sort} ${order}\n${plan}`).toBe(true);
      }
    const bad = await t.as(token, { method: 'GET', url: '/api/audit-logs?sort=changes' });
    expect(bad.statusCode).toBe(400);
  });
});

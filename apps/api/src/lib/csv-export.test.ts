import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSV_MEDIA_TYPE,
  EMAIL_TEMPLATE_EXPORT_COLUMNS,
  EMAIL_TEMPLATE_SORT_KEYS,
  ROLE_EXPORT_COLUMNS,
  ROLE_SORT_KEYS,
  SORT_MESSAGES,
  TEAM_EXPORT_COLUMNS,
  TEAM_SORT_KEYS,
  USER_EXPORT_COLUMNS,
  USER_SORT_KEYS,
} from '@cricket/contracts';
import { emailTemplates, roles, teams, users } from '../db/schema';
import { ADMIN, createTestApp, type TestApp } from '../test/harness';

/**
 * Issue 33's export, once in the list kit, through two lists: teams (sortable, small) and
 * users (the 1M-row table, walked down its primary key). An export must hold exactly the
 * rows the list's pages hold for the same query, in the same order.
 */
let t: TestApp;
let token: string;
let ownerId: number;
let playerRoleId: number;
const DAY = new Date('2026-11-27T10:00:00Z');

const TEAMS = 2_500;
const USERS = 1_500;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => DAY });
  token = await t.login();
  const [role] = await t.db
    .insert(roles)
    .values({ name: 'export player' })
    .returning({ id: roles.id });
  playerRoleId = role!.id;
  const [owner] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, ADMIN.email));
  ownerId = owner!.id;
  // Repeated names, locations, counts and times (a few microseconds apart, which a JS Date
  // cannot hold), so the order rests on the id after each of them, across 1,000-row batches.
  await t.db.execute(sql`
    insert into ${teams} (name, location, team_initials, is_active, owner_id, players_count, created_at)
    select 'Team ' || (g % 7), 'City ' || (g % 11), 'T', g % 2 = 0, ${ownerId}, g % 3,
      timestamptz '2026-01-01 00:00:00+00' + (g % 5) * interval '0.000001 second'
    from generate_series(1, ${TEAMS}) g`);
  await t.db.execute(sql`
    insert into ${users} (first_name, last_name, email, phone_number, role_id, status, password_hash)
    select 'Exported', 'Person ' || (g % 13), 'exported' || g || '@export.test',
      (7000000000 + g)::text, ${playerRoleId}, case when g % 4 = 0 then 'suspended' else 'verified' end,
      'secret-hash-' || g
    from generate_series(1, ${USERS}) g`);
});
afterAll(() => t.close());

const get = (url: string, as = token) => t.as(as, { method: 'GET', url });

/** The CSV's header and rows; every answer is checked for type and file name first. */
function readCsv(res: Awaited<ReturnType<typeof get>>, list: string) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe(CSV_MEDIA_TYPE);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${list}-2026-11-27.csv"`);
  const [header, ...rows] = parse(res.body, { relax_column_count: false }) as string[][];
  return { header: header!, rows };
}

/** Every row of a list for a query, page by page, as the JSON list answers it. */
async function allPages<Row>(url: string): Promise<{ rows: Row[]; total: number }> {
  const rows: Row[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await get(`${url}${url.includes('?') ? '&' : '?'}limit=100&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    rows.push(...(body.data as Row[]));
    total = body.pagination.total;
    if (!body.pagination.has_next_page) return { rows, total };
  }
}

type Team = { id: number; name: string; location: string; players_count: number };

describe('GET /api/teams/export', () => {
  it('holds every row of the filtered list, in its order, for each sort both ways', async () => {
    const queries = [
      'is_active=true',
      'search=team 3',
      ...TEAM_SORT_KEYS.flatMap((key) => [
        `is_active=true&sort=${key}&order=asc`,
        `search=city 1&sort=${key}&order=desc`,
      ]),
    ];
    for (const query of queries) {
      const list = await allPages<Team>(`/api/teams?${query}`);
      const csv = readCsv(await get(`/api/teams/export?${query}`), 'teams');
      expect(csv.header).toEqual(Object.values(TEAM_EXPORT_COLUMNS));
      expect(csv.rows.length, query).toBe(list.total);
      expect(
        csv.rows.map((r) => Number(r[0])),
        query,
      ).toEqual(list.rows.map((r) => r.id));
      expect(csv.rows.map((r) => [r[1], r[2], Number(r[3])])).toEqual(
        list.rows.map((r) => [r.name, r.location, r.players_count]),
      );
    }
    // The matches cross the 1,000-row batches.
    expect((await allPages<Team>('/api/teams?is_active=true')).total).toBe(TEAMS / 2);
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const names = ['=HYPERLINK("http://x.test")', '@SUM(A1)', '+1+1', '-2+3', '\tTabbed', '\rCR'];
    await t.db
      .insert(teams)
      .values(
        names.map((name) => ({ name, location: 'Formula Town', teamInitials: 'F', ownerId })),
      );
    const csv = readCsv(await get('/api/teams/export?search=formula town'), 'teams');
    expect(csv.rows.map((r) => r[1]).sort()).toEqual(names.map((name) => `'${name}`).sort());
  });

  it('answers 400 naming the keys for an unknown sort, 403 without the list permission', async () => {
    const bad = await get('/api/teams/export?sort=password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SORT_MESSAGES.unknownKey(TEAM_SORT_KEYS));
    const other = await t.userWith(['users.view']);
    expect((await get('/api/teams/export', other.token)).statusCode).toBe(403);
    expect((await get('/api/teams/export')).statusCode).toBe(200);
  });
});

describe('GET /api/roles/export', () => {
  it('holds every role of the filtered list, in its order, for each sort both ways', async () => {
    await t.db.execute(sql`
      insert into ${roles} (name, description, is_active)
      select 'export role ' || g, 'Role ' || (g % 3), g % 2 = 0 from generate_series(1, 12) g`);
    for (const query of [
      'name=export role',
      ...ROLE_SORT_KEYS.flatMap((key) => [
        `sort=${key}&order=asc`,
        `status=active&sort=${key}&order=desc`,
      ]),
    ]) {
      const list = await allPages<{ id: number; user_count: number }>(`/api/roles?${query}`);
      const csv = readCsv(await get(`/api/roles/export?${query}`), 'roles');
      expect(csv.header).toEqual(Object.values(ROLE_EXPORT_COLUMNS));
      expect(
        csv.rows.map((r) => [Number(r[0]), Number(r[3])]),
        query,
      ).toEqual(list.rows.map((r) => [r.id, r.user_count]));
    }
    const other = await t.userWith(['teams.view']);
    expect((await get('/api/roles/export', other.token)).statusCode).toBe(403);
  });
});

describe('GET /api/email-templates/export', () => {
  it('holds every template of the filtered list, in its order, for each sort both ways', async () => {
    await t.db.execute(sql`
      insert into ${emailTemplates} (name, subject, status, content)
      select 'Export mail ' || (g % 4), '@Subject ' || g,
        case when g % 2 = 0 then 'active' else 'draft' end, 'Hello'
      from generate_series(1, 15) g`);
    for (const query of [
      'name=export mail',
      ...EMAIL_TEMPLATE_SORT_KEYS.flatMap((key) => [
        `sort=${key}&order=asc`,
        `status=active&sort=${key}&order=desc`,
      ]),
    ]) {
      const list = await allPages<{ id: number; subject: string }>(`/api/email-templates?${query}`);
      const csv = readCsv(await get(`/api/email-templates/export?${query}`), 'email-templates');
      expect(csv.header).toEqual(Object.values(EMAIL_TEMPLATE_EXPORT_COLUMNS));
      expect(
        csv.rows.map((r) => [Number(r[0]), r[2]]),
        query,
      ).toEqual(
        list.rows.map((r) => [r.id, r.subject.startsWith('@') ? `'${r.subject}` : r.subject]),
      );
    }
  });
});

type User = { id: number; phone_number: string; details: { email: string } };

describe('GET /api/users/export', () => {
  it('holds every row of the filtered list, in its order, and no secret', async () => {
    for (const query of [
      'name=person 1',
      `role_id=${playerRoleId}`,
      'status=suspended',
      '',
      ...USER_SORT_KEYS.flatMap((key) => [
        `sort=${key}&order=asc`,
        `role_id=${playerRoleId}&sort=${key}&order=desc`,
      ]),
    ]) {
      const list = await allPages<User>(`/api/users?${query}`);
      const res = await get(`/api/users/export?${query}`);
      const csv = readCsv(res, 'users');
      expect(csv.header).toEqual(Object.values(USER_EXPORT_COLUMNS));
      expect(
        csv.rows.map((r) => Number(r[0])),
        query,
      ).toEqual(list.rows.map((r) => r.id));
      expect(csv.rows.map((r) => [r[2], r[3]])).toEqual(
        list.rows.map((r) => [r.details.email, r.phone_number]),
      );
      expect(res.body).not.toMatch(/secret-hash|\$argon2|\$2[aby]\$|password/i);
    }
    const [admin] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, ADMIN.email));
    const everyone = await get('/api/users/export');
    expect(admin!.hash).toBeTruthy();
    expect(everyone.body).not.toContain(admin!.hash!);
    expect(readCsv(everyone, 'users').rows.length).toBeGreaterThan(USERS);
  });

  it('answers 400 for a bad filter and 403 without users.view', async () => {
    const bad = await get('/api/users/export?status=nobody');
    expect(bad.statusCode).toBe(400);
    const other = await t.userWith(['teams.view']);
    expect((await get('/api/users/export', other.token)).statusCode).toBe(403);
  });

  it('streams a large export holding a batch, not the file', { timeout: 600_000 }, async () => {
    // 100,000 users on PostgreSQL, 20,000 on the embedded one; bench/users-export.ts measures
    // a million. Garbage is collected before each reading, so what is measured is what is held.
    const rows = t.databaseUrl ? 100_000 : 20_000;
    // With the per-row counter triggers off, as the bench seeds: one hot counter row updated
    // per insert costs minutes; the counts are rebuilt once after.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table ${users} disable trigger users_count_insert_delete`);
      await tx.execute(sql`alter table ${users} disable trigger users_search_names_insert_delete`);
      await tx.execute(sql`
        insert into ${users} (first_name, last_name, email, phone_number, role_id, status)
        select 'Bulk', 'Reader ' || g, 'bulk' || g || '@export.test', (6000000000 + g)::text,
          ${playerRoleId}, 'verified'
        from generate_series(1, ${rows}) g`);
      await tx.execute(sql`alter table ${users} enable trigger users_count_insert_delete`);
      await tx.execute(sql`alter table ${users} enable trigger users_search_names_insert_delete`);
      await tx.execute(sql`delete from user_counts`);
      await tx.execute(sql`insert into user_counts (role_id, status, count)
        select role_id, status, count(*) from ${users} group by 1, 2`);
      await tx.execute(sql`delete from user_search_names`);
      await tx.execute(sql`insert into user_search_names (name, users)
        select search_name, count(*) from ${users} group by 1`);
    });
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const exported = (query: string) =>
      fetch(`${address}/api/users/export?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    // A first, small export loads what any request needs (the fetch client, the CSV writer).
    expect(await (await exported('status=suspended')).text()).toContain('suspended');
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let lines = 0;
    const res = await exported(`role_id=${playerRoleId}`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let sinceGc = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const byte of value) if (byte === 10) lines += 1;
      bytes += value.byteLength;
      sinceGc += value.byteLength;
      if (sinceGc > 2_000_000) {
        sinceGc = 0;
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    }
    expect(lines).toBe(1 + USERS + rows);
    const grown = peak - before;
    console.log(`export of ${lines} lines, ${bytes} bytes: heap grew by ${grown} bytes at most`);
    expect(grown).toBeLessThan(50 * 1024 * 1024);
    // Holding the file, or its rows, would take more than the file's size; a batch and the
    // stream's buffers take about 1.5 MB, which the embedded database's smaller file is near.
    if (t.databaseUrl) expect(grown).toBeLessThan(bytes / 2);
  });
});

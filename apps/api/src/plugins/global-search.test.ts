import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPlaceholders, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import {
  SEARCH_KINDS,
  SEARCH_MESSAGES,
  SEARCH_PER_KIND,
  type SearchData,
} from '@cricket/contracts';
import { queryRows } from '../db/client';
import { searchValues } from '../db/search';
import { userSearch } from '../features/users/repository';
import { emailTemplates, notificationTemplates, roles, teams, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const [admin] = await t.db.select({ id: users.id, roleId: users.roleId }).from(users);
  const people = await t.db
    .insert(users)
    .values(
      [
        ['Quentin', 'Zephyrson', 'qz.bowler@club.test', '9811100001'],
        ['Zephyr', 'Quill', 'zquill@club.test', '9811100002'],
        ['Anna', 'Marsh', 'marsh.zephyr@club.test', '9811100003'],
      ].map(([firstName, lastName, email, phoneNumber]) => ({
        firstName,
        lastName,
        email: email!,
        phoneNumber: phoneNumber!,
        roleId: admin!.roleId,
        status: 'verified',
      })),
    )
    .returning({ id: users.id });
  await t.db.insert(teams).values([
    { name: 'Zephyr Strikers', location: 'Pune', teamInitials: 'ZS', ownerId: people[0]!.id },
    { name: 'Coastal Kings', location: 'Zephyr Bay', teamInitials: 'CK', ownerId: people[0]!.id },
  ]);
  await t.db.insert(roles).values({ name: 'Zephyr scorers', description: 'Keep the book' });
  await t.db
    .insert(notificationTemplates)
    .values({ name: 'Zephyr weekly', message: 'Hello', type: 'sms', status: 'active' });
  await t.db
    .insert(emailTemplates)
    .values({ name: 'Zephyr welcome', subject: 'Welcome aboard', content: '<p>Hi</p>' });
});
afterAll(() => t.close());

const search = async (q: string, as = token) => {
  const res = await t.as(as, { method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
  return { status: res.statusCode, body: res.json<{ data: SearchData; message: string }>() };
};

describe('GET /api/search', () => {
  it('finds every kind by name, the earliest match first, with a second line', async () => {
    const { status, body } = await search('zephyr');
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual([...SEARCH_KINDS].sort());
    expect(body.data.users!.map((u) => u.name)).toEqual(['Zephyr Quill', 'Quentin Zephyrson']);
    expect(body.data.users![0]!.detail).toBe('zquill@club.test');
    // 'Zephyr Strikers' holds it in its name; 'Coastal Kings' only in its location.
    expect(body.data.teams!.map((x) => [x.name, x.detail])).toEqual([
      ['Zephyr Strikers', 'Pune'],
      ['Coastal Kings', 'Zephyr Bay'],
    ]);
    expect(body.data.roles!.map((x) => x.name)).toEqual(['Zephyr scorers']);
    expect(body.data.notification_templates).toEqual([
      expect.objectContaining({ name: 'Zephyr weekly', detail: 'SMS' }),
    ]);
    expect(body.data.email_templates).toEqual([
      expect.objectContaining({ name: 'Zephyr welcome', detail: 'Welcome aboard' }),
    ]);
    expect(body.data.wa_templates).toEqual([]);
  });

  it('finds users by an email prefix and by phone digits', async () => {
    expect((await search('marsh.zep')).body.data.users).toEqual([]);
    expect((await search('marsh.zephyr@')).body.data.users!.map((u) => u.name)).toEqual([
      'Anna Marsh',
    ]);
    expect((await search('QZ.BOWLER@CLUB')).body.data.users!.map((u) => u.name)).toEqual([
      'Quentin Zephyrson',
    ]);
    for (const phone of ['1100002', '98111 00002'])
      expect((await search(phone)).body.data.users!.map((u) => u.name)).toEqual(['Zephyr Quill']);
    // Wildcards are the characters they are.
    expect((await search('%@')).body.data.users).toEqual([]);
  });

  it('finds a number by its first or its last digits, those that begin so first', async () => {
    const names = async (q: string) => (await search(q)).body.data.users!.map((u) => u.name);
    expect(await names('98111')).toEqual(['Quentin Zephyrson', 'Zephyr Quill', 'Anna Marsh']);
    expect(await names('+91 98111 00003')).toEqual(['Anna Marsh']);
    expect(await names('0003')).toEqual(['Anna Marsh']);
    // Digits from the middle of a number find nobody (decision 046).
    expect(await names('11000')).toEqual([]);
  });

  it('reads users through an index on every route, with the generic plan it runs with', async () => {
    const { dialect } = t.db as unknown as { dialect: PgDialect };
    for (const [shape, q, index] of [
      ['email', 'qz.bowler@', /Index Cond: \(+lower\(\(email\)::text\) ~>=~/],
      ['phone', '98111', /Index Cond: \(+phone_number\)::text ~>=~[\s\S]*Index Cond: \(+reverse/],
      ['name', 'zephyr', /Index (Only )?Scan Backward using users_search_name_id_idx/],
    ] as const) {
      expect(userSearch.shape!(q)).toBe(shape);
      const query = dialect.sqlToQuery(sql`select * from (${userSearch.rows(shape)}) h`);
      const values = fillPlaceholders(query.params, searchValues(q, SEARCH_PER_KIND));
      const plan = await t.db.transaction(async (tx) => {
        // Tiny tables are read whole when that is allowed: forbid it to see the index serve.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare search_plan as ${query.sql}`));
        const literal = values.map((v) => (typeof v === 'number' ? v : `'${String(v)}'`));
        const rows = await queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql.raw(`explain execute search_plan(${literal.join(', ')})`),
        );
        await tx.execute(sql`deallocate search_plan`);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan, plan).toMatch(index);
      expect(plan, plan).not.toMatch(/Seq Scan on users/);
    }
  });

  it('answers at most five of a kind', async () => {
    expect((await search('e')).status).toBe(400);
    const { body } = await search('ze');
    for (const kind of SEARCH_KINDS) expect(body.data[kind]!.length).toBeLessThanOrEqual(5);
  });

  it('answers only the kinds the role may view', async () => {
    const staff = await t.userWith(['teams.view', 'email_templates.view']);
    const { status, body } = await search('zephyr', staff.token);
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['email_templates', 'teams']);
    const none = await t.userWith([]);
    expect((await search('zephyr', none.token)).body.data).toEqual({});
  });

  it('refuses a one-letter or overlong search with the message, and anyone signed out', async () => {
    const short = await search('z');
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain(SEARCH_MESSAGES.tooShort);
    expect((await search('z'.repeat(101))).status).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/search?q=zephyr' });
    expect(anonymous.statusCode).toBe(401);
  });
});

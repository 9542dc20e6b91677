import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client';
import { roles } from '../../db/schema';
import { createTestApp, userPayload, type TestApp } from '../../test/harness';
import { forgetNameMatches } from './list-planner';

/**
 * Name search reads distinct names from user_search_names and then takes one of two routes
 * to the page (see prepareNameSearch). Whatever route it takes, it must give exactly what a
 * plain substring scan gives, newest first, with the exact total.
 */
let t: TestApp;
let token: string;
let playerRole: number;

const FIRST = ['Rohit', 'Rahul', 'Virat', 'Smriti', 'Aarav', 'Ishan', 'Deepti', 'Harmanpreet'];
const LAST = ['Sharma', 'Shetty', 'Kohli', 'Mandhana', 'Patel', 'Kishan', 'Kaur', 'Verma'];

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const [role] = await t.db.insert(roles).values({ name: 'player' }).returning({ id: roles.id });
  playerRole = role!.id;
  // Skewed on purpose: some names are common, some rare, so both routes get taken.
  await t.db.execute(sql`
    insert into users (email, phone_number, role_id, status, first_name, last_name)
    select 'p' || g || '@example.in', (9100000000 + g)::text, ${playerRole},
           (array['verified', 'pending', 'suspended'])[1 + g % 3],
           (string_to_array(${FIRST.join(',')}, ','))[1 + (g * g) % 8], (string_to_array(${LAST.join(',')}, ','))[1 + (g * 7 + g / 5) % 8]
    from generate_series(1, 400) g`);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.as(token, { method: 'GET', url: `/api/users?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { data: { id: number }[]; pagination: { total: number } };
};

/** Every match, newest first, the slow and obvious way. */
const expected = async (text: string) =>
  (
    await queryRows<{ id: number }>(
      t.db,
      sql`select id from users where lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) like ${`%${text}%`} order by id desc`,
    )
  ).map((r) => r.id);

/** Rare and common names, so both routes are taken, and a pattern matching nobody. */
const TEXTS = ['rohit sharma', 'harmanpreet kaur', 'sharma', 'ra', 'a', 'it sh', 'nobody'];

describe('name search', () => {
  it('matches a plain substring scan on every page, with the exact total, for rare and common names', async () => {
    // Twice: the first page of the first pass matches names through the trigram index, every
    // later request goes down the route remembered for the pattern (decision 012).
    for (const text of [...TEXTS, ...TEXTS]) {
      const all = await expected(text);
      const seen: number[] = [];
      for (let page = 1; page <= Math.max(1, Math.ceil(all.length / 25)); page++) {
        const { data, pagination } = await list(
          `name=${encodeURIComponent(text)}&limit=25&page=${page}`,
        );
        expect(pagination.total, text).toBe(all.length);
        seen.push(...data.map((u) => u.id));
      }
      expect(seen, text).toEqual(all);
    }
  });

  it('is case-insensitive and treats LIKE wildcards as characters', async () => {
    expect((await list('name=ROHIT%20Sharma')).pagination.total).toBe(
      (await expected('rohit sharma')).length,
    );
    expect((await list('name=%25')).pagination.total).toBe(0);
    expect((await list('name=_')).pagination.total).toBe(0);
  });

  it('keeps the name dictionary right through creates, renames and deletes', async () => {
    const before = (await list('name=zaheer khan')).pagination.total;
    expect(before).toBe(0);
    const body = userPayload(playerRole, {
      first_name: 'Zaheer',
      last_name: 'Khan',
      email: 'zaheer@example.in',
    });
    const created = await t.as(token, { method: 'POST', url: '/api/users', payload: body });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.user.id as number;
    expect((await list('name=zaheer khan')).pagination.total).toBe(1);

    const renamed = await t.as(token, {
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { ...body, first_name: 'Zak' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list('name=zaheer khan')).pagination.total).toBe(0);
    expect((await list('name=zak khan')).data.map((u) => u.id)).toEqual([id]);

    expect((await t.as(token, { method: 'DELETE', url: `/api/users/${id}` })).statusCode).toBe(200);
    expect((await list('name=zak khan')).pagination.total).toBe(0);
    const stale = await queryRows(
      t.db,
      sql`select 1 from user_search_names where name in ('zak khan', 'zaheer khan')`,
    );
    expect(stale).toEqual([]);
  });

  it.each(['matched', 'remembered'])(
    'combines with the role, status and phone filters (%s)',
    async (pass) => {
      if (pass === 'matched') forgetNameMatches(t.db);
      const verified = (
        await queryRows<{ id: number }>(
          t.db,
          sql`select id from users where search_name like '%sharma%' and status = 'verified' order by id desc`,
        )
      ).map((r) => r.id);
      const { data, pagination } = await list(
        `name=sharma&status=verified&role_id=${playerRole}&limit=100`,
      );
      expect(pagination.total).toBe(verified.length);
      expect(data.map((u) => u.id)).toEqual(verified);
      const phone = await list('name=sharma&phone_number=91000001');
      const phoneExpected = (
        await queryRows<{ id: number }>(
          t.db,
          sql`select id from users where search_name like '%sharma%' and phone_number like '%91000001%' order by id desc`,
        )
      ).map((r) => r.id);
      expect(phone.data.map((u) => u.id)).toEqual(phoneExpected.slice(0, 10));
      expect(phone.pagination.total).toBe(phoneExpected.length);
    },
  );
});

describe('remembered name matches (decision 011)', () => {
  const insertDirectly = (first: string, last: string, n: number) =>
    t.db.execute(sql`insert into users (email, phone_number, role_id, status, first_name, last_name)
                     values (${`direct${n}@example.in`}, ${String(9300000000 + n)}, ${playerRole}, 'verified', ${first}, ${last})`);
  const withoutNotice = async (fn: () => Promise<unknown>) => {
    await t.db.execute(
      sql`alter table user_search_names disable trigger user_search_names_changed`,
    );
    try {
      await fn();
    } finally {
      await t.db.execute(
        sql`alter table user_search_names enable trigger user_search_names_changed`,
      );
    }
  };

  it('answers from what it remembered until the dictionary announces a new name', async () => {
    expect((await list('name=zubin')).pagination.total).toBe(0);
    // A name added without the announcement stays unseen: the remembered answer is really used.
    await withoutNotice(() => insertDirectly('Zubin', 'Bharucha', 1));
    expect((await list('name=zubin')).pagination.total).toBe(0);
    // The announcement, as any other instance's write or a change by hand makes it.
    await t.db.execute(sql`select pg_notify('search_names_changed', '')`);
    await vi.waitFor(async () => expect((await list('name=zubin')).pagination.total).toBe(1), {
      timeout: 5000,
      interval: 50,
    });
  });

  it('reads the counts fresh, so totals stay exact while names are remembered', async () => {
    expect((await list('name=bharucha')).pagination.total).toBe(1);
    // Same name again: the dictionary's count moves, no name is added, nothing is announced.
    await insertDirectly('Zubin', 'Bharucha', 2);
    const page = await list('name=bharucha');
    expect(page.pagination.total).toBe(2);
    expect(page.data.map((r) => r.id)).toEqual(await expected('bharucha'));
  });

  it("finds this instance's own new, renamed and deleted names on the very next request", async () => {
    await withoutNotice(async () => {
      expect((await list('name=farokh')).pagination.total).toBe(0);
      const created = await t.as(token, {
        method: 'POST',
        url: '/api/users',
        payload: userPayload(playerRole, {
          first_name: 'Farokh',
          last_name: 'Engineer',
          email: 'farokh@example.in',
          phone_number: '9400000001',
        }),
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.user.id as number;
      expect((await list('name=farokh')).data.map((r) => r.id)).toEqual([id]);

      expect((await list('name=nari')).pagination.total).toBe(0);
      const renamed = await t.as(token, {
        method: 'PUT',
        url: `/api/users/${id}`,
        payload: userPayload(playerRole, {
          first_name: 'Nari',
          last_name: 'Contractor',
          email: 'farokh@example.in',
          phone_number: '9400000001',
        }),
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await list('name=nari')).data.map((r) => r.id)).toEqual([id]);
      expect((await list('name=farokh')).pagination.total).toBe(0);

      expect((await t.as(token, { method: 'DELETE', url: `/api/users/${id}` })).statusCode).toBe(
        200,
      );
      expect((await list('name=nari')).pagination.total).toBe(0);
    });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersQuery, type UsersQuery } from '@cricket/contracts';
import { queryRows, type Db } from '../../../db/client';
import { encodePageKey, planPage, queryFingerprint, type PagePlan } from '../../../db/page';
import { roles } from '../../../db/schema';
import { likePattern } from '../../../lib/like-pattern';
import { explainPrepared } from '../../../test/explain';
import { createTestApp, type TestApp } from '../../../test/harness';
import { MAX_REMEMBERED_NAMES, nameSearchStatement, plainPageStatement } from '.';

/**
 * Decision 062: however a page is read (by offset, from the far end, or from a neighbour's
 * boundary key), it holds exactly the rows a plain ORDER BY … OFFSET gives at that moment, in
 * every sort, even when rows were added or removed since the key was written; and each read
 * comes from an index in the page's order, never a sort of the table.
 */
let t: TestApp;
let token: string;
let playerRole: number;

const FIRST = ['Rohit', 'Rahul', 'Virat', 'Smriti', 'Aarav', 'Ishan'];
const LAST = ['Sharma', 'Shetty', 'Kohli', 'Patel', 'Kaur'];

async function addUsers(from: number, count: number) {
  // One statement: many rows share a created_at, and many share a name, so the id decides ties.
  await t.db.execute(sql`
    insert into users (email, phone_number, role_id, status, first_name, last_name)
    select 'Lp' || g || '@example.in', (9200000000 + (g * 7919) % 100000)::text, ${playerRole},
           (array['verified', 'pending', 'suspended'])[1 + g % 3],
           (string_to_array(${FIRST.join(',')}, ','))[1 + (g * g) % 6],
           (string_to_array(${LAST.join(',')}, ','))[1 + (g * 3) % 5]
    from generate_series(${from}::int, ${from + count - 1}::int) g`);
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const [role] = await t.db.insert(roles).values({ name: 'player' }).returning({ id: roles.id });
  playerRole = role!.id;
  await addUsers(1, 180);
});
afterAll(() => t.close());

type Page = {
  ids: number[];
  total: number;
  links: Record<string, string>;
};

async function list(query: string): Promise<Page> {
  const res = await t.as(token, { method: 'GET', url: `/api/users?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json().data as { data: { id: number }[]; pagination: { total: number } };
  const links: Record<string, string> = {};
  for (const [, url, rel] of String(res.headers.link ?? '').matchAll(/<([^>]+)>; rel="(\w+)"/g))
    links[rel!] = url!.replace(/^\/api\/users\?/, '');
  return { ids: body.data.map((u) => u.id), total: body.pagination.total, links };
}

const ORACLE_ORDER: Record<string, string> = {
  none: 'id desc',
  name: 'search_name %, id %',
  email: 'lower(email) %',
  phone_number: 'phone_number %',
  created_at: 'created_at %, id %',
};

/** The page the slow and obvious way. */
async function oracle(
  q: { sort?: string; order?: string; status?: string; name?: string },
  page: number,
  limit: number,
) {
  const order = ORACLE_ORDER[q.sort ?? 'none']!.replaceAll('%', q.order ?? 'asc');
  const where = sql.join(
    [
      sql`true`,
      ...(q.status ? [sql`status = ${q.status}`] : []),
      ...(q.name ? [sql`search_name like ${likePattern(q.name)}`] : []),
    ],
    sql` and `,
  );
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`select id from users where ${where} order by ${sql.raw(order)} limit ${limit} offset ${(page - 1) * limit}`,
  );
  const [count] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from users where ${where}`,
  );
  return { ids: rows.map((r) => r.id), total: count!.n };
}

const SORTS = [
  {},
  { sort: 'name' },
  { sort: 'name', order: 'desc' },
  { sort: 'email' },
  { sort: 'phone_number', order: 'desc' },
  { sort: 'created_at' },
  { sort: 'created_at', order: 'desc' },
];
const FILTERS = [{}, { status: 'verified' }];

const queryOf = (q: Record<string, string | undefined>, page: number, limit: number) =>
  new URLSearchParams({
    ...Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)),
    page: String(page),
    limit: String(limit),
  } as Record<string, string>).toString();

describe('users list pages (decision 062)', () => {
  it('answers first, middle, last and past-the-end pages as ORDER BY … OFFSET does, in every sort', async () => {
    const limit = 7;
    for (const sort of SORTS)
      for (const filter of FILTERS) {
        const q = { ...sort, ...filter };
        const { total } = await oracle(q, 1, limit);
        const last = Math.ceil(total / limit);
        for (const page of [1, 2, Math.ceil(last / 2), last - 1, last, last + 1, last + 5]) {
          const want = await oracle(q, page, limit);
          const got = await list(queryOf(q, page, limit));
          expect(got.ids, `${JSON.stringify(q)} page ${page}`).toEqual(want.ids);
          expect(got.total).toBe(want.total);
        }
      }
  });

  it('walks every page forward and back through the Link keys, as offsets would', async () => {
    const limit = 9;
    for (const sort of SORTS) {
      const { total } = await oracle(sort, 1, limit);
      const last = Math.ceil(total / limit);
      let got = await list(queryOf(sort, 1, limit));
      for (let page = 1; ; page++) {
        expect(got.ids, `${JSON.stringify(sort)} page ${page}`).toEqual(
          (await oracle(sort, page, limit)).ids,
        );
        if (page === last) {
          expect(got.links.next).toBeUndefined();
          break;
        }
        expect(got.links.next).toContain(`page=${page + 1}`);
        got = await list(got.links.next!);
      }
      for (let page = last; page > 1; page--) {
        expect(got.links.prev).toContain(`page=${page - 1}`);
        got = await list(got.links.prev!);
        expect(got.ids, `${JSON.stringify(sort)} back to page ${page - 1}`).toEqual(
          (await oracle(sort, page - 1, limit)).ids,
        );
      }
      expect(got.links.prev).toBeUndefined();
    }
  });

  it('gives the right rows for a stale key after inserts, deletes and renames', async () => {
    const limit = 8;
    let next = 1000;
    for (const sort of SORTS) {
      const page3 = await list(queryOf(sort, 3, limit));
      const page5 = await list(queryOf(sort, 5, limit));
      // Rows come and go before the keys are used.
      await addUsers(next, 3);
      next += 3;
      await t.db.execute(
        sql`delete from users where id in (select id from users where role_id = ${playerRole} order by id limit 2)`,
      );
      await t.db.execute(
        sql`update users set first_name = 'Aaaa', email = 'aaa' || id || '@example.in' where id = (select max(id) from users where role_id = ${playerRole})`,
      );
      for (const [url, page] of [
        [page3.links.next!, 4],
        [page5.links.prev!, 4],
      ] as const) {
        const got = await list(url);
        const want = await oracle(sort, page, limit);
        expect(got.ids, `${JSON.stringify(sort)} page ${page}`).toEqual(want.ids);
        expect(got.total).toBe(want.total);
      }
    }
  });

  it('walks a name search forward and back through its keys, and after changes, as offsets would', async () => {
    // 70 names matching 'wide': more than an instance remembers, so it scans without them.
    await t.db.execute(sql`
      insert into users (email, phone_number, role_id, status, first_name, last_name)
      select 'wide' || g || '@example.in', (9400000000 + g)::text, ${playerRole}, 'verified', 'Wide', 'Name' || g
      from generate_series(1, 70) g`);
    expect(MAX_REMEMBERED_NAMES).toBeLessThan(70);
    // 'sharma' walks the users newest first; 'rohit sharma' reads its one name's users.
    for (const [name, limit] of [
      ['sharma', 4],
      ['rohit sharma', 2],
      ['wide', 8],
    ] as const) {
      const { total } = await oracle({ name }, 1, limit);
      const last = Math.ceil(total / limit);
      expect(last, name).toBeGreaterThan(2);
      let got = await list(queryOf({ name }, 1, limit));
      for (let page = 1; ; page++) {
        const want = await oracle({ name }, page, limit);
        expect(got.ids, `${name} page ${page}`).toEqual(want.ids);
        expect(got.total, `${name} page ${page}`).toBe(want.total);
        if (page === last) {
          expect(got.links.next).toBeUndefined();
          break;
        }
        // The first page taught this instance which names match; from then on it seeks.
        if (page === 1) got = await list(queryOf({ name }, 2, limit));
        else {
          expect(got.links.next, `${name} page ${page}`).toContain('page_key=');
          got = await list(got.links.next!);
        }
      }
      for (let page = last; page > 1; page--) {
        got = await list(got.links.prev!);
        expect(got.ids, `${name} back to page ${page - 1}`).toEqual(
          (await oracle({ name }, page - 1, limit)).ids,
        );
      }
      // Keys written before a change are not used: the pages are still the oracle's. The
      // changes keep the set of distinct names (an instance learns of a new one by NOTIFY).
      const page2 = await list(queryOf({ name }, 2, limit));
      const pattern = likePattern(name);
      await t.db.execute(sql`
        insert into users (email, phone_number, role_id, status, first_name, last_name)
        select 'copy' || id || '@example.in', (9300000000 + id)::text, role_id, status, first_name, last_name
        from users where search_name like ${pattern} order by id limit 3`);
      await t.db.execute(sql`
        update users set (first_name, last_name) =
          (select first_name, last_name from users where search_name not like ${pattern} order by id limit 1)
        where id = (select max(id) from users where search_name like ${pattern})`);
      const got3 = await list(page2.links.next!);
      const want3 = await oracle({ name }, 3, limit);
      expect(got3.ids, `${name} page 3 after changes`).toEqual(want3.ids);
      expect(got3.total).toBe(want3.total);
      const got1 = await list(page2.links.prev!);
      expect(got1.ids, `${name} page 1 after changes`).toEqual(
        (await oracle({ name }, 1, limit)).ids,
      );
    }
  });

  it('ignores a key it did not write, or one written for another query or page, and answers the page', async () => {
    const page2 = await list(queryOf({ sort: 'created_at' }, 2, 5));
    const key = new URLSearchParams(page2.links.next!).get('page_key')!;
    const forged = (values: (string | number)[]) =>
      encodePageKey({
        page: 2,
        edge: 'next',
        version: '0',
        query: queryFingerprint(usersQuery.parse({ sort: 'created_at', limit: 5 })),
        values,
      });
    for (const [query, page, sort] of [
      [`page_key=${'x'.repeat(2000)}`, 3, 'created_at'],
      ['page_key=not-a-key', 3, 'created_at'],
      [`page_key=${Buffer.from('{"p":1}').toString('base64url')}`, 3, 'created_at'],
      [`page_key=${forged(['2026-13-45T00:00:00.000000Z', 1])}`, 3, 'created_at'],
      [`page_key=${forged(['\u0000', 1])}`, 3, 'created_at'],
      [`page_key=${forged([1, 'x'])}`, 3, 'created_at'],
      // The right key, but for page 3 asked as page 7, or under another sort.
      [`page_key=${key}`, 7, 'created_at'],
      [`page_key=${key}`, 3, 'name'],
    ] as const) {
      const got = await list(`${query}&page=${page}&limit=5&sort=${sort}`);
      expect(got.ids, query.slice(0, 60)).toEqual((await oracle({ sort }, page, 5)).ids);
    }
  });

  it('reads every path from an index in the page order, never sorting the table', async () => {
    const [row] = await queryRows<{ version: string }>(
      t.db,
      sql`select coalesce(sum(changes), 0)::text as version from user_counts`,
    );
    const keyValues: Record<string, (string | number)[]> = {
      none: [100],
      name: ['rohit sharma', 100],
      email: ['lp100@example.in'],
      phone_number: ['9200000100'],
      created_at: ['2026-11-27T00:00:00.000000Z', 100],
    };
    for (const sort of SORTS)
      for (const filter of [{}, { status: 'verified' }, { role_id: String(playerRole) }]) {
        const q = usersQuery.parse({ ...sort, ...filter, page: 40, limit: 10 });
        const query = queryFingerprint(q);
        const key = (edge: 'next' | 'prev', page: number) =>
          encodePageKey({
            page,
            edge,
            version: row!.version,
            query,
            values: keyValues[q.sort ?? 'none']!,
          });
        const plans: PagePlan[] = [
          planPage(q, query, undefined, false),
          planPage(q, query, 500, false),
          planPage({ ...q, page_key: key('next', 39) }, query),
          planPage({ ...q, page_key: key('prev', 41) }, query),
        ];
        expect(plans.map((p) => p.kind)).toEqual(['offset', 'end', 'seek', 'seek']);
        for (const plan of plans) {
          // With a role or status as well, a sort's index (kept on the filter) competes with the
          // filter's index and a sort of its matches, which is cheaper when the filter is
          // rare: the planner weighs them. Forbid sorting to see the first exists.
          const text = await explain(t.db, q, plan, Boolean(q.sort && (q.status || q.role_id)));
          const what = `${JSON.stringify({ ...sort, ...filter })} ${plan.kind}${plan.backwards ? ' backwards' : ''}`;
          expect(text, what).toMatch(/Index (Only )?Scan( Backward)? using users_\w+ on users/);
          // The only sort is of the page's own rows into the ids' order (PostgreSQL 16 and
          // later show the aggregate's ORDER BY as a Sort node; 15 sorts inside the aggregate).
          for (const [, key] of text.matchAll(/Sort Key: (.*)/g))
            expect(key, what).toMatch(/^\(?array_position\(/);
          expect(text.match(/-> {2}(Incremental )?Sort/g)?.length ?? 0, what).toBeLessThanOrEqual(
            1,
          );
        }
      }
  });
});

describe('name search pages', () => {
  it('reads each route by key, offset or from the far end through an index, never sorting the table', async () => {
    const [row] = await queryRows<{ version: string }>(
      t.db,
      sql`select coalesce(sum(changes), 0)::text as version from user_counts`,
    );
    const q = usersQuery.parse({ name: 'sharma', page: 5, limit: 4 });
    const query = queryFingerprint(q);
    const key = (edge: 'next' | 'prev', page: number) =>
      encodePageKey({ page, edge, version: row!.version, query, values: [100] });
    const plans: PagePlan[] = [
      planPage(q, query, undefined, false),
      planPage(q, query, 30, false),
      planPage({ ...q, page_key: key('next', 4) }, query),
      planPage({ ...q, page_key: key('prev', 6) }, query),
    ];
    expect(plans.map((p) => p.kind)).toEqual(['offset', 'end', 'seek', 'seek']);
    // A scan of a pattern with too many names to remember (null) sums its total by the pattern.
    for (const [route, names] of [
      ['names', LAST.map((last) => `rohit ${last.toLowerCase()}`)],
      ['scan', LAST.map((last) => `rohit ${last.toLowerCase()}`)],
      ['scan', null],
    ] as const)
      for (const plan of plans) {
        const { query: statement, values } = nameSearchStatement(
          t.db,
          route,
          plan,
          likePattern('sharma'),
          names,
        );
        const text = await explainPrepared(t.db, statement, values, [
          'enable_seqscan = off',
          'enable_bitmapscan = off',
        ]);
        const what = `${route} ${plan.kind}${plan.backwards ? ' backwards' : ''}`;
        expect(text, what).toMatch(/Index (Only )?Scan( Backward)? using users_\w+ on users/);
        // Besides the page's own rows into the ids' order, only the names route sorts: the
        // merge of each name's newest rows (names × the page's end, not the table).
        const allowed =
          route === 'names'
            ? /^\(?array_position\(|^[ux](_\d+)?\.id( DESC)?$/
            : /^\(?array_position\(/;
        for (const [, sortKey] of text.matchAll(/Sort Key: (.*)/g))
          expect(sortKey, what).toMatch(allowed);
        if (route === 'names')
          expect(text, what).toMatch(
            /Index (Only )?Scan( Backward)? using users_search_name_id_idx/,
          );
      }
  });
});

/** The plan of the page statement, with the table too small to be worth an index forbidden to be scanned whole. */
async function explain(db: Db, q: UsersQuery, plan: PagePlan, noSort: boolean) {
  const { query, values } = plainPageStatement(db, q, plan);
  return explainPrepared(db, query, values, [
    'enable_seqscan = off',
    'enable_bitmapscan = off',
    ...(noSort ? ['enable_sort = off'] : []),
  ]);
}

import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { UsersQuery } from '@cricket/contracts';
import { preparedOnce, type Db } from '../../../db/client';
import {
  neighbourKeys,
  planValues,
  queryFingerprint,
  readPlannedPage,
  seekAccepts,
  seekCondition,
  seekOrder,
  timestampKey,
  type PagePlan,
  type SeekColumn,
} from '../../../db/page';
import { userCounts, userSearchNames, users } from '../../../db/schema';
import { likePattern } from '../../../lib/like-pattern';
import { userRecord } from '../user-record';
import { MAX_REMEMBERED_NAMES, rememberNames, rememberedNames } from './name-matches';

export { forgetNameMatches, MAX_REMEMBERED_NAMES, searchNamesCache } from './name-matches';

/**
 * A text search cannot read its total from user_counts, so it counts its matches, newest
 * first, only up to this many rows past the requested page. Below the window the total is
 * exact; beyond it the total is that lower bound and grows as the reader pages on.
 */
export const SEARCH_TOTAL_WINDOW = 200;

/**
 * The users whose ids `pageIds` yields, newest first, as one JSON array in text. PostgreSQL
 * writes it and the route passes it through: turning 17 columns of ten rows into objects and
 * back into JSON was the largest part of what the list cost the API's single thread.
 */
function pageJson(pageIds: SQL) {
  // An array, not IN: the generic plan then probes the primary key for exactly these ids.
  return sql<string>`(select coalesce(json_agg(x order by x.id desc), '[]')::text
    from (${userRecord} from ${users} u where u.id = any(array(${pageIds}))) x)`;
}

/**
 * The users of `page.ids` as one JSON array in text, in the list's order: the ids' order, turned
 * round if they were read backwards.
 */
function pageIdsJson(backwards: boolean) {
  return sql<string>`(select coalesce(json_agg(x order by array_position(page.ids, x.id) ${sql.raw(backwards ? 'desc' : 'asc')}), '[]')::text
    from (${userRecord} from ${users} u where u.id = any(page.ids)) x)`;
}

/** The users list's orders (issue 33), each the order of an index (decision 062). */
function orderOf(q: UsersQuery): SeekColumn[] {
  const descending = q.sort ? q.order === 'desc' : true;
  const id: SeekColumn = {
    expression: sql`u.id`,
    descending,
    accepts: seekAccepts.id,
  };
  switch (q.sort) {
    case undefined:
      return [id];
    case 'name':
      return [{ expression: sql`u.search_name`, descending, accepts: seekAccepts.text }, id];
    // Both unique: no tie to break.
    case 'email':
      return [{ expression: sql`lower(u.email)`, descending, accepts: seekAccepts.text }];
    case 'phone_number':
      return [{ expression: sql`u.phone_number`, descending, accepts: seekAccepts.text }];
    case 'created_at':
      return [
        {
          expression: sql`u.created_at`,
          descending,
          cast: 'timestamptz',
          keyValue: timestampKey(sql`u.created_at`),
          accepts: seekAccepts.timestamp,
        },
        id,
      ];
  }
}

/** One page of users as JSON text, the total the pagination object reports, and its neighbours' keys. */
export type UsersPage = { total: number; json: string; keys?: { prev?: string; next?: string } };

/** A page read by readPlannedPage: its total, version, rows as JSON text and edge rows' key values. */
type KeyedPageRow = {
  total: number;
  version: string;
  json: string;
  first: (string | number)[] | null;
  last: (string | number)[] | null;
};

/**
 * A page without a text search, in the list's order or a sort, read as `plan` says (db/page.ts:
 * by offset, from the far end, or from a neighbour's key), prepared once per combination and
 * run with the generic plan (see preparedDb): building and planning the query would cost more
 * than PostgreSQL spends answering it. The page's ids come from an index in the list's order and
 * only those rows are read; the exact total and the version from user_counts ride along in the
 * same statement, even past the end.
 */
function plainPageQuery(
  prepared: Db,
  byRole: boolean,
  byStatus: boolean,
  order: SeekColumn[],
  kind: PagePlan['kind'],
  backwards: boolean,
) {
  const countsWhere = sql.join(
    [
      sql`true`,
      byRole ? sql`c.role_id = ${sql.placeholder('roleId')}` : undefined,
      byStatus ? sql`c.status = ${sql.placeholder('status')}` : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  const usersWhere = sql.join(
    [
      sql`true`,
      byRole ? sql`u.role_id = ${sql.placeholder('roleId')}` : undefined,
      byStatus ? sql`u.status = ${sql.placeholder('status')}` : undefined,
      // A key from before any change to these users finds nothing, and the page is read again.
      kind === 'seek'
        ? sql`(select version from counts) = ${sql.placeholder('version')} and ${seekCondition(
            order,
            order.map((_, i) => sql.placeholder(`k${i}`)),
            backwards,
          )}`
        : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  const keyOf = (at: SQL) =>
    sql`(select json_build_array(${sql.join(
      order.map((c) => c.keyValue ?? c.expression),
      sql`, `,
    )}) from ${users} u where u.id = ${at})`;
  const firstAt = backwards ? sql`page.ids[cardinality(page.ids)]` : sql`page.ids[1]`;
  const lastAt = backwards ? sql`page.ids[1]` : sql`page.ids[cardinality(page.ids)]`;
  const counts = prepared
    .$with('counts', { total: sql<number>`total`, version: sql<string>`version` })
    .as(
      sql`select coalesce(sum(c.count), 0)::int as total, coalesce(sum(c.changes), 0)::text as version
        from ${userCounts} c where ${countsWhere}`,
    );
  const page = prepared.$with('page', { ids: sql<number[]>`ids` }).as(
    sql`select array(
        select u.id from ${users} u where ${usersWhere}
        order by ${seekOrder(order, backwards)}
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) as ids
      -- Kept a subquery of its own (OFFSET 0 is the fence), or each use of ids reads them again.
      offset 0`,
  );
  return prepared
    .with(counts, page)
    .select({
      total: sql<number>`counts.total`,
      version: sql<string>`counts.version`,
      // The page in the list's order: the ids' order, turned round if they were read backwards.
      json: pageIdsJson(backwards),
      first: sql<KeyedPageRow['first']>`${keyOf(firstAt)}`,
      last: sql<KeyedPageRow['last']>`${keyOf(lastAt)}`,
    })
    .from(sql`counts, page`);
}
/**
 * How a name search reaches its page:
 *  - `match`: the pattern is matched against the distinct names in user_search_names (trigram
 *    index), and one statement takes whichever of the two routes below the dictionary's counts
 *    make cheaper, answering which one it took and which names matched;
 *  - `names`: each matching name's newest users from the (search_name, id) index, merged; right
 *    for few names holding few users ("rohit sharma"), it costs names × cap index probes;
 *  - `scan`: users newest first, keeping those whose name matches; right when matches are dense
 *    ("sharma", "a"), it reads about cap × users / matches rows.
 * A pattern this instance remembers (./name-matches.ts) goes straight down the route it took
 * last time, in a statement with half the plan nodes and two thirds the memory (decision 012).
 */
type NameRoute = 'match' | 'names' | 'scan';

/**
 * A name search, prepared once per route and filter combination and right for any pattern.
 * Without other filters the total is exact, the dictionary's sum over the matching names;
 * with them it is counted up to `cap` matches. Either is read in the same statement as the
 * page, even past the end.
 */
function prepareNameSearch(
  prepared: Db,
  name: string,
  route: NameRoute,
  byRole: boolean,
  byStatus: boolean,
  byPhone: boolean,
) {
  const pattern = sql.placeholder('pattern');
  const cap = sql.placeholder('cap');
  const pageOnly = sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  const exact = !(byRole || byStatus || byPhone);
  // Only the filters in use are written in, so each combination gets a plan of its own; without
  // any, a name's newest users come straight from the (search_name, id) index.
  const alsoMatches = sql.join(
    [
      sql`true`,
      byRole ? sql`u.role_id = ${sql.placeholder('roleId')}` : undefined,
      byStatus ? sql`u.status = ${sql.placeholder('status')}` : undefined,
      byPhone ? sql`u.phone_number like ${sql.placeholder('phone')}` : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  // The ids of either route, taken only `when` it holds; `rest` orders and cuts them.
  const byNames = (names: SQL, when: SQL, rest: SQL) => sql`select x.id from ${names}
      cross join lateral (
        select u.id from ${users} u where u.search_name = n.name and ${alsoMatches}
        order by u.id desc limit ${cap}) x
      where ${when} ${rest}`;
  const byScan = (when: SQL, rest: SQL) => sql`select u.id from ${users} u
      where ${when} and u.search_name like ${pattern} and ${alsoMatches}
      order by u.id desc ${rest}`;

  if (route !== 'match') {
    const names = sql.placeholder('names');
    const ids = (rest: SQL) =>
      route === 'names'
        ? byNames(sql`unnest(${names}::text[]) n(name)`, sql`true`, sql`order by x.id desc ${rest}`)
        : byScan(sql`true`, rest);
    // A name alone on a remembered route is read by plannedNameSearch.
    const capped = prepared.$with('capped', { id: sql<number>`id` }).as(ids(sql`limit ${cap}`));
    return prepared
      .with(capped)
      .select({
        total: sql<number>`count(*)::int`,
        json: pageJson(sql`select id from capped order by id desc ${pageOnly}`),
        matched: sql<null>`null::text[]`,
        byName: sql<null>`null::boolean`,
      })
      .from(capped)
      .prepare(name);
  }

  const names = prepared
    .$with('names', { name: sql<string>`name` })
    .as(sql`select name, users from ${userSearchNames} where name like ${pattern}`);
  const byName = prepared.$with('by_name', { yes: sql<boolean>`yes` })
    .as(sql`select count(*) * coalesce(sum(users), 0) <= (select coalesce(sum(${userCounts.count}), 0) from ${userCounts}) as yes
            from names`);
  const capped = prepared.$with('capped', { id: sql<number>`id` }).as(sql`
    select id from (
      (${byNames(sql`names n`, sql`(select yes from by_name)`, sql``)})
      union all
      (${byScan(sql`not (select yes from by_name)`, sql`limit ${cap}`)})
    ) candidates order by id desc limit ${cap}`);
  return prepared
    .with(names, byName, capped)
    .select({
      total: sql<number>`case when ${sql.raw(String(exact))}
        then coalesce(sum(names.users), 0)::int else (select count(*)::int from capped) end`,
      json: pageJson(sql`select id from capped order by id desc ${pageOnly}`),
      // What the pattern matched, to remember, unless there are too many to be worth it.
      matched: sql<
        string[]
      >`(select coalesce(array_agg(m.name), '{}') from (select name from names limit ${MAX_REMEMBERED_NAMES + 1}) m)`,
      byName: sql<boolean>`(select yes from by_name)`,
    })
    .from(names)
    .prepare(name);
}

/** A name search's one order: newest first, by id (a key carries the edge row's id). */
const NEWEST_FIRST: SeekColumn[] = [
  { expression: sql`u.id`, descending: true, accepts: seekAccepts.id },
];

/**
 * A name search alone, on a route this instance remembers, read as `plan` says (db/page.ts):
 * from a neighbour's key, by offset, or from the oldest end backwards. Its total is exact (the
 * dictionary's counts) and its version is the users list's (user_counts' changes, moved by
 * every insert, delete, rename and change of role or status), so a key from before a change is
 * not used. A page deep in a broad search ("sharma", page 100) then reads about as much as page
 * 1 does instead of every match before it.
 */
function nameSearchPageQuery(
  prepared: Db,
  route: 'names' | 'scan',
  kind: PagePlan['kind'],
  backwards: boolean,
  /** Too many names to remember (a scan): the total sums the dictionary's names the pattern matches. */
  byPattern = false,
) {
  const after =
    kind === 'seek' ? seekCondition(NEWEST_FIRST, [sql.placeholder('k0')], backwards) : sql`true`;
  const direction = sql.raw(backwards ? 'asc' : 'desc');
  const pageOnly = sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  const ids =
    route === 'names'
      ? sql`select x.id from unnest(${sql.placeholder('names')}::text[]) n(name)
          cross join lateral (
            select u.id from ${users} u where u.search_name = n.name and ${after}
            order by u.id ${direction} limit ${sql.placeholder('cap')}) x
          order by x.id ${direction} ${pageOnly}`
      : sql`select u.id from ${users} u
          where ${after} and u.search_name like ${sql.placeholder('pattern')}
          order by u.id ${direction} ${pageOnly}`;
  const [firstAt, lastAt] = backwards
    ? [sql`page.ids[cardinality(page.ids)]`, sql`page.ids[1]`]
    : [sql`page.ids[1]`, sql`page.ids[cardinality(page.ids)]`];
  return (
    prepared
      .select({
        total: sql<number>`(select coalesce(sum(n.users), 0)::int from ${userSearchNames} n
        where ${byPattern ? sql`n.name like ${sql.placeholder('pattern')}` : sql`n.name = any(${sql.placeholder('names')}::text[])`})`,
        version: sql<string>`(select coalesce(sum(c.changes), 0)::text from ${userCounts} c)`,
        json: pageIdsJson(backwards),
        first: sql<
          KeyedPageRow['first']
        >`case when cardinality(page.ids) > 0 then json_build_array(${firstAt}) end`,
        last: sql<
          KeyedPageRow['last']
        >`case when cardinality(page.ids) > 0 then json_build_array(${lastAt}) end`,
      })
      // OFFSET 0 keeps the page a subquery of its own, or each use of ids reads them again.
      .from(sql`(select array(${ids}) as ids offset 0) page`)
  );
}

function nameSearchValues(plan: PagePlan, pattern: string, names: string[] | null) {
  const values = planValues(plan);
  // Each name gives at most the rows up to the page's end.
  return { ...values, pattern, names, cap: values.offset + values.limit };
}

/** A name search's page statement for `plan` and its values, for the tests that explain each plan. */
export function nameSearchStatement(
  db: Db,
  route: 'names' | 'scan',
  plan: PagePlan,
  pattern: string,
  names: string[] | null,
) {
  return {
    query: nameSearchPageQuery(db, route, plan.kind, plan.backwards, names === null),
    values: nameSearchValues(plan, pattern, names),
  };
}

/** A remembered name search alone, read as readPlannedPage plans it, with its neighbours' keys. */
async function plannedNameSearch(
  db: Db,
  q: UsersQuery & { name: string },
  pattern: string,
  route: 'names' | 'scan',
  names: string[] | null,
): Promise<UsersPage> {
  const query = queryFingerprint(q);
  const { page } = await readPlannedPage(q, query, NEWEST_FIRST, (plan) => {
    const name = ['users_by', route, names ? '' : 'all', plan.kind, plan.backwards ? 'back' : '']
      .filter(Boolean)
      .join('_');
    const statement = preparedOnce(db, name, (prepared) =>
      nameSearchPageQuery(prepared, route, plan.kind, plan.backwards, !names).prepare(name),
    );
    return statement
      .execute(nameSearchValues(plan, pattern, names))
      .then((rows) => rows[0] as KeyedPageRow);
  });
  return {
    total: page.total,
    json: page.json,
    keys: neighbourKeys(q, query, page.version, page),
  };
}

async function searchByName(
  db: Db,
  q: UsersQuery & { name: string },
  phoneDigits: string | null,
  offset: number,
): Promise<UsersPage> {
  const pattern = likePattern(q.name.replace(/\s+/g, ' '));
  const { matches, generation } = rememberedNames(db, pattern);
  const route: NameRoute = !matches ? 'match' : matches.byName ? 'names' : 'scan';
  const flags = [Boolean(q.role_id), Boolean(q.status), Boolean(phoneDigits)] as const;
  if (route !== 'match' && !flags.some(Boolean))
    return plannedNameSearch(db, q, pattern, route, matches!.names);
  const name = `users_by_${route}${flags[0] ? '_role' : ''}${flags[1] ? '_status' : ''}${flags[2] ? '_phone' : ''}`;
  const query = preparedOnce(db, name, (prepared) =>
    prepareNameSearch(prepared, name, route, ...flags),
  );
  const exact = !flags.some(Boolean);
  const [page] = await query.execute({
    pattern,
    names: matches?.names,
    roleId: q.role_id,
    status: q.status,
    phone: phoneDigits ? likePattern(phoneDigits) : undefined,
    cap: offset + (exact ? q.limit : SEARCH_TOTAL_WINDOW),
    limit: q.limit,
    offset,
  });
  if (page!.matched && page!.byName !== null)
    rememberNames(db, pattern, generation, { names: page!.matched, byName: page!.byName });
  return { total: page!.total, json: page!.json };
}

function plainPage(db: Db, q: UsersQuery, order: SeekColumn[], plan: PagePlan) {
  const flags = [Boolean(q.role_id), Boolean(q.status)] as const;
  const name = [
    'users_page',
    flags[0] ? 'role' : '',
    flags[1] ? 'status' : '',
    q.sort ? `${q.sort}_${q.order ?? 'asc'}` : '',
    plan.kind,
    plan.backwards ? 'back' : '',
  ]
    .filter(Boolean)
    .join('_');
  const statement = preparedOnce(db, name, (prepared) =>
    plainPageQuery(prepared, ...flags, order, plan.kind, plan.backwards).prepare(name),
  );
  return statement.execute(plainPageValues(q, plan)).then((rows) => rows[0] as KeyedPageRow);
}

function plainPageValues(q: UsersQuery, plan: PagePlan) {
  return { roleId: q.role_id, status: q.status, ...planValues(plan) };
}

/**
 * The statement a page without a text search runs for `plan`, and its values: for the tests
 * that explain each plan (PostgreSQL must read it from an index, without sorting the table).
 */
export function plainPageStatement(db: Db, q: UsersQuery, plan: PagePlan) {
  const query = plainPageQuery(
    db,
    Boolean(q.role_id),
    Boolean(q.status),
    orderOf(q),
    plan.kind,
    plan.backwards,
  );
  return { query, values: plainPageValues(q, plan) };
}

/**
 * A page without a text search (decision 062): from a neighbour's key when the client has one
 * that still fits, else by offset near the start and from the far end past the middle. A
 * stale key costs one more statement, never a wrong page.
 */
async function listPlain(db: Db, q: UsersQuery): Promise<UsersPage> {
  const order = orderOf(q);
  const query = queryFingerprint(q);
  const { page } = await readPlannedPage(q, query, order, (plan) => plainPage(db, q, order, plan));
  return {
    total: page.total,
    json: page.json,
    keys: neighbourKeys(q, query, page.version, page),
  };
}

/**
 * A text search in a sort's order (issue 33), built per request: the matches in the sort's
 * index order, kept as the search's filters say. The total is exact for a name alone (the
 * dictionary's counts) and otherwise counted up to SEARCH_TOTAL_WINDOW past the page, as
 * unsorted.
 */
async function sortedSearch(
  db: Db,
  q: UsersQuery,
  phoneDigits: string | null,
  offset: number,
): Promise<UsersPage> {
  const pattern = q.name ? likePattern(q.name.replace(/\s+/g, ' ')) : null;
  const where = and(
    pattern ? sql`u.search_name like ${pattern}` : undefined,
    q.role_id ? sql`u.role_id = ${q.role_id}` : undefined,
    q.status ? sql`u.status = ${q.status}` : undefined,
    phoneDigits ? sql`u.phone_number like ${likePattern(phoneDigits)}` : undefined,
  );
  const ids = (limit: number, from: number) =>
    sql`select u.id from ${users} u where ${where} order by ${seekOrder(orderOf(q), false)}
      limit ${limit} offset ${from}`;
  const exact = pattern !== null && !q.role_id && !q.status && !phoneDigits;
  const total = exact
    ? sql<number>`(select coalesce(sum(n.users), 0)::int from ${userSearchNames} n where n.name like ${pattern})`
    : sql<number>`(select count(*)::int from (${ids(offset + SEARCH_TOTAL_WINDOW, 0)}) m)`;
  const [page] = await db
    .select({
      total,
      json: sql<string>`(select coalesce(json_agg(x order by array_position(p.ids, x.id)), '[]')::text
        from (${userRecord} from ${users} u where u.id = any(p.ids)) x)`,
    })
    .from(sql`(select array(${ids(q.limit, offset)}) as ids) p`);
  return page!;
}

/**
 * `GET /users`, newest first or in a sort. Without a text search the total is the exact sum
 * from user_counts, and the page is read as listPlain says; a name search reads it from
 * user_search_names (see prepareNameSearch). A phone search alone is not prepared (its best
 * plan depends on the digits) and counts its matches only within SEARCH_TOTAL_WINDOW past the
 * page.
 */
export async function listUsers(db: Db, q: UsersQuery): Promise<UsersPage> {
  const offset = (q.page - 1) * q.limit;
  const phoneDigits = q.phone_number
    ? q.phone_number.trim().replace(/^\+91/, '').replace(/\D/g, '')
    : null;
  // Letters in a phone search match nobody rather than everybody.
  if (phoneDigits === '') return { json: '[]', total: 0 };
  if ((q.name || phoneDigits) && q.sort) return sortedSearch(db, q, phoneDigits, offset);
  if (q.name) return searchByName(db, { ...q, name: q.name }, phoneDigits, offset);
  if (!phoneDigits) return listPlain(db, q);

  const matched = db.$with('matched').as(
    db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          q.role_id ? eq(users.roleId, q.role_id) : undefined,
          q.status ? eq(users.status, q.status) : undefined,
          sql`${users.phoneNumber} like ${likePattern(phoneDigits)}`,
        ),
      )
      .orderBy(desc(users.id))
      .limit(offset + SEARCH_TOTAL_WINDOW),
  );
  const [page] = await db
    .with(matched)
    .select({
      total: sql<number>`count(*)::int`,
      json: pageJson(
        sql`select id from ${matched} order by id desc limit ${q.limit} offset ${offset}`,
      ),
    })
    .from(matched);
  return page!;
}

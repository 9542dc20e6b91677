import { createHash } from 'node:crypto';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import { MAX_ID, type SortOrder } from '@cricket/contracts';
import type { PageRequest } from '../lib/envelope';
import { preparedOnce, type Db } from './client';

/**
 * A list's columns plus `total`, the number of rows matching its filters, counted by a window
 * over the same scan that finds the page: rows and total in one statement (decision 016).
 */
export function withTotal<T extends SelectedFields>(columns: T) {
  return { ...columns, total: sql<number>`(count(*) over ())::int` };
}

/**
 * A list's columns plus `total` counted by a subquery of its own: `count(*)` of `table` under
 * the list's `where`, run once per statement. Exact as the window is, and cheaper where a
 * list scans all of a table that grows (teams, templates, sends): the window keeps every
 * matching row with all its columns to count them, the subquery only counts (decision 042).
 * `where` may name only `table`'s columns, and the list's joins must not add or drop rows.
 */
export function withCount<T extends SelectedFields>(
  columns: T,
  table: PgTable,
  where: SQL | undefined,
) {
  return {
    ...columns,
    total: sql<number>`(select count(*)::int from ${table} where ${where ?? sql`true`})`,
  };
}

type PageRow<Q extends PgSelect> = Q['_']['result'][number];

/**
 * One page of a list and its total. `build` yields the list's query (columns from withTotal or
 * withCount, filters, order, `.$dynamic()`); the page's limit and offset are applied here.
 */
export async function selectPage<Q extends PgSelect>(
  build: () => Q,
  q: PageRequest,
): Promise<{ rows: Omit<PageRow<Q>, 'total'>[]; total: number }> {
  const found = await build()
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return pageOf<Q>(found, () => build().limit(1), q);
}

/**
 * selectPage for a list read often with the same filters (none, or one row's id): the
 * statement is built and prepared once under `name`, on the connections for named statements
 * (decision 042). `build` makes it on the database it is given, its values as placeholders
 * named in `params`; the limit and offset are added here.
 */
export async function selectPreparedPage<Q extends PgSelect>(
  db: Db,
  name: string,
  build: (prepared: Db) => Q,
  q: PageRequest,
  params: Record<string, unknown> = {},
): Promise<{ rows: Omit<PageRow<Q>, 'total'>[]; total: number }> {
  const statement = preparedOnce(db, name, (prepared) =>
    build(prepared).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(name),
  );
  const page = (limit: number, offset: number) => statement.execute({ ...params, limit, offset });
  return pageOf<Q>(await page(q.limit, (q.page - 1) * q.limit), () => page(1, 0), q);
}

/**
 * A list's page: its unfiltered pages, the ones every visit opens first, through a statement
 * prepared once under `name`; a filtered one built for its filters.
 */
export function selectListPage<Q extends PgSelect>(
  db: Db,
  name: string,
  build: (on: Db) => Q,
  filtered: boolean,
  q: PageRequest & SortRequest<string>,
) {
  // A sorted page is a statement of its own, built like a filtered one.
  return filtered || q.sort
    ? selectPage(() => build(db), q)
    : selectPreparedPage(db, name, build, q);
}

/** A list request's sort (contracts' sortQuery). */
export interface SortRequest<K extends string> {
  sort?: K;
  order?: SortOrder;
}

/**
 * A list's ORDER BY (issue 33): the asked column, then `tieBreaker` (the id) the same way, so
 * rows of equal value keep one order from page to page; the list's own order when none is
 * asked. `columns` maps each sort key to its expression (text by `lower()`, as people read it).
 */
export function sortedBy<K extends string>(
  q: SortRequest<K>,
  columns: Record<K, SQL | AnyPgColumn>,
  tieBreaker: AnyPgColumn,
  byDefault: SQL[],
): SQL[] {
  if (!q.sort) return byDefault;
  const way = q.order === 'desc' ? desc : asc;
  return [way(columns[q.sort]), way(tieBreaker)];
}

type Counted = { total: number }[];

/**
 * The rows of a page and the total they carry. A page past the end has no row to carry the
 * total, so the same query is asked again for its `first` row, which still counts every match:
 * the client can then step back to the last real page.
 */
async function pageOf<Q extends PgSelect>(
  found: unknown,
  first: () => PromiseLike<unknown>,
  q: PageRequest,
) {
  const rows = found as Counted;
  let total = rows[0]?.total;
  if (total === undefined && q.page > 1) total = ((await first()) as Counted)[0]?.total;
  return {
    rows: rows.map(({ total: _, ...row }) => row) as Omit<PageRow<Q>, 'total'>[],
    total: total ?? 0,
  };
}

/*
 * Paging by boundary key (issue 35, decision 062). OFFSET reads and throws away every row
 * before the page, so page 50,000 costs 50,000 pages' reading. A list on a large table instead
 * picks its read per request (`planPage`):
 *  - `seek`: the client comes from a neighbouring page and sends the key of its edge row: the
 *    page is the next `limit` rows after (or before) that row's sort values in the index;
 *  - `end`: a page past the middle of a list whose total is exact is read from the far end of
 *    the index, backwards, so the Last page is as cheap as the first;
 *  - `offset`: anything else.
 * The key says which page it bounds, under which filters and sort, and the list's version (a
 * change counter the list reads in the same statement as the page): a key from another
 * query, or from before any change to the list, is not used, so the answer is always the page
 * a plain ORDER BY … OFFSET would give at that moment.
 */

/** A boundary key as the API writes it: opaque to the client (base64url JSON). */
export interface PageKey {
  /** The page whose edge row it marks, and which edge: after its last row, or before its first. */
  page: number;
  edge: 'next' | 'prev';
  /** The list's version when that page was read. */
  version: string;
  /** The list's query (filters, sort, page size) it was written for: `queryFingerprint`. */
  query: string;
  /** The edge row's sort values, in the list's order (text or integers). */
  values: (string | number)[];
}

const pageKeyShape = z.object({
  p: z.number().int().min(1).max(MAX_ID),
  e: z.enum(['next', 'prev']),
  v: z.string().regex(/^\d{1,20}$/),
  q: z.string().max(40),
  k: z.array(z.union([z.string().max(400), z.number().int().min(-MAX_ID).max(MAX_ID)])).max(4),
});

export function encodePageKey(key: PageKey): string {
  const { page: p, edge: e, version: v, query: q, values: k } = key;
  return Buffer.from(JSON.stringify({ p, e, v, q, k })).toString('base64url');
}

/** The key a client sent, or null for one the API did not write (never an error: it is only a hint). */
export function decodePageKey(raw: string | undefined): PageKey | null {
  if (!raw) return null;
  try {
    const k = pageKeyShape.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return { page: k.p, edge: k.e, version: k.v, query: k.q, values: k.k };
  } catch {
    return null;
  }
}

/** What identifies a list's query for its keys: every parameter but the page and the key. */
export function queryFingerprint(q: object): string {
  const rest = Object.entries(q)
    .filter(([name, value]) => name !== 'page' && name !== 'page_key' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url').slice(0, 16);
}

/** How one page is read (see above). `backwards`: against the list's order, then turned round. */
export type PagePlan =
  | { kind: 'offset'; offset: number; limit: number; backwards: false }
  | { kind: 'seek'; after: PageKey; limit: number; backwards: boolean }
  | { kind: 'end'; offset: number; limit: number; backwards: true };

/**
 * The read for page `q.page`: a seek from a key of this query bounding a neighbouring page;
 * else, when `total` is known exactly, from the nearer end; else by offset. A page past the
 * end reads nothing. The seek's key still has to match the list's version where the page is
 * read; when it does not, the list asks again with `planPage(q, query, total, false)`.
 */
export function planPage(
  q: PageRequest & { page_key?: string },
  query: string,
  total?: number,
  useKey = true,
): PagePlan {
  const offset = (q.page - 1) * q.limit;
  const key = useKey ? decodePageKey(q.page_key) : null;
  if (
    key &&
    key.query === query &&
    ((key.edge === 'next' && key.page === q.page - 1) ||
      (key.edge === 'prev' && key.page === q.page + 1))
  )
    return { kind: 'seek', after: key, limit: q.limit, backwards: key.edge === 'prev' };
  if (total !== undefined && offset >= total)
    return { kind: 'offset', offset, limit: 0, backwards: false };
  if (total !== undefined && offset > total / 2) {
    const end = Math.min(offset + q.limit, total);
    return { kind: 'end', offset: total - end, limit: end - offset, backwards: true };
  }
  return { kind: 'offset', offset, limit: q.limit, backwards: false };
}

/**
 * The keys of a page's neighbours: after its last row and before its first, with the values
 * read for them; none for an empty page, and no next one for the last.
 */
export function neighbourKeys(
  q: PageRequest,
  query: string,
  version: string,
  edges: {
    total: number;
    first: (string | number)[] | null;
    last: (string | number)[] | null;
  },
): { prev?: string; next?: string } {
  const key = (edge: 'next' | 'prev', values: (string | number)[] | null) =>
    values ? encodePageKey({ page: q.page, edge, version, query, values }) : undefined;
  return {
    prev: q.page > 1 ? key('prev', edges.first) : undefined,
    next: q.page * q.limit < edges.total ? key('next', edges.last) : undefined,
  };
}

/**
 * The seek's condition: rows strictly after `values` in the order of `columns` (each with its
 * direction), or strictly before them reading backwards. Columns of one direction compare as
 * one row value, which the index on them answers as a range; the values are cast as `casts`
 * says (`::timestamptz`), since a key carries them as text.
 */
export function seekCondition(
  columns: SeekColumn[],
  values: readonly unknown[],
  backwards: boolean,
): SQL {
  const value = (i: number) => {
    const v = sql`${values[i]}`;
    return columns[i]!.cast ? sql`${v}::${sql.raw(columns[i]!.cast!)}` : v;
  };
  const same = columns.every((c) => c.descending === columns[0]!.descending);
  // "After" in a descending order is smaller; reading backwards turns it round.
  const smaller = columns[0]!.descending !== backwards;
  if (same)
    return sql`(${sql.join(
      columns.map((c) => c.expression),
      sql`, `,
    )}) ${sql.raw(smaller ? '<' : '>')} (${sql.join(
      columns.map((_, i) => value(i)),
      sql`, `,
    )})`;
  // Mixed directions: the first column after, or equal to it and the rest after the rest.
  const [head, ...tail] = columns;
  const first = sql`${head!.expression} ${sql.raw(smaller ? '<' : '>')} ${value(0)}`;
  if (tail.length === 0) return first;
  return sql`(${first} or (${head!.expression} = ${value(0)} and ${seekCondition(tail, values.slice(1), backwards)}))`;
}

/**
 * One column of a list's order as a seek reads it: its expression, its direction, the type
 * its key value is cast to (a key carries timestamps as text), and how the key writes it.
 */
export interface SeekColumn {
  expression: SQL;
  descending: boolean;
  cast?: string;
  /** The value as the key keeps it (text for a timestamp, to the microsecond). */
  keyValue?: SQL;
  /** Whether a key's value can be this column's: a key is only a hint, never an error. */
  accepts: (value: unknown) => boolean;
}

/** The ORDER BY of `columns`, turned round when reading backwards. */
export function seekOrder(columns: SeekColumn[], backwards: boolean): SQL {
  return sql.join(
    columns.map(
      (c) => sql`${c.expression} ${sql.raw(c.descending !== backwards ? 'desc' : 'asc')}`,
    ),
    sql`, `,
  );
}

/** Whether a key's values are ones `columns` can use. */
export function keyFits(columns: SeekColumn[], values: readonly unknown[]): boolean {
  return values.length === columns.length && columns.every((c, i) => c.accepts(values[i]));
}

/** 'YYYY-MM-DDTHH:MM:SS.mmm' names an instant that exists (not February 30). */
function realInstant(text: string) {
  const time = Date.parse(`${text}Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 23) === text;
}

export const seekAccepts = {
  id: (v: unknown) => typeof v === 'number' && Number.isInteger(v),
  // PostgreSQL refuses U+0000 in text: such a key was not written by the API.
  text: (v: unknown) => typeof v === 'string' && !v.includes('\u0000'),
  /** As `to_char(… at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` writes it, a real instant. */
  timestamp: (v: unknown) =>
    typeof v === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(v) &&
    realInstant(v.slice(0, 23)),
};

/** A timestamp column's value as a key keeps it: UTC to the microsecond. */
export const timestampKey = (column: SQL | AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The values a prepared page statement takes for `plan`: its `limit` and `offset`, and for a
 * seek the key's `version` and values (`k0`, `k1`, …), as seekCondition's placeholders name them.
 */
export function planValues(plan: PagePlan) {
  const seek = plan.kind === 'seek' ? plan.after : null;
  return {
    limit: plan.limit,
    offset: plan.kind === 'seek' ? 0 : plan.offset,
    version: seek?.version,
    ...Object.fromEntries((seek?.values ?? []).map((v, i) => [`k${i}`, v])),
  };
}

/** A page read past this many rows by offset first asks the total, to read from the nearer end. */
export const END_READ_FROM = 1_000;

/**
 * Reads a page of a list with an exact total and a version (decisions 062 and 068): from a
 * neighbour's key when the request has one that fits `order`, else by offset near the start
 * and from the far end past the middle. `read` runs the list's page statement for a plan and
 * answers the total and version it read in the same statement. `total`, where the caller has
 * it already, saves asking for it first. A key written before a change, or a total that moved
 * since it was read, costs one more statement, never a wrong page.
 */
export async function readPlannedPage<P extends { total: number; version: string }>(
  q: PageRequest & { page_key?: string },
  query: string,
  order: SeekColumn[],
  read: (plan: PagePlan) => Promise<P>,
  total?: number,
): Promise<{ page: P; plan: PagePlan }> {
  let plan = planPage(q, query, total);
  if (plan.kind === 'seek' && !keyFits(order, plan.after.values))
    plan = planPage(q, query, total, false);
  if (total === undefined && plan.kind === 'offset' && plan.offset >= END_READ_FROM) {
    total = (await read({ kind: 'offset', offset: 0, limit: 0, backwards: false })).total;
    plan = planPage(q, query, total, false);
  }
  const page = await read(plan);
  if (
    !(plan.kind === 'seek' && page.version !== plan.after.version) &&
    !(plan.kind === 'end' && page.total !== total)
  )
    return { page, plan };
  const again = planPage(q, query, page.total, false);
  const reread = await read(again);
  if (again.kind === 'end' && reread.total !== page.total) {
    const plain = planPage(q, query, undefined, false);
    return { page: await read(plain), plan: plain };
  }
  return { page: reread, plan: again };
}

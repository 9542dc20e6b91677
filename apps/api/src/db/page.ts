import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SortOrder } from '@cricket/contracts';
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

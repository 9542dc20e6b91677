import { sql, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { PageRequest } from '../lib/envelope';

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
 * withCount,
 * filters, order, `.$dynamic()`); the page's limit and offset are applied here. A page past
 * the end has no row to carry the total, so the same query is asked again for its first row,
 * which still counts every match: the client can then step back to the last real page.
 */
export async function selectPage<Q extends PgSelect>(
  build: () => Q,
  q: PageRequest,
): Promise<{ rows: Omit<PageRow<Q>, 'total'>[]; total: number }> {
  type Counted = { total: number }[];
  const found = (await build()
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)) as unknown as Counted;
  let total = found[0]?.total;
  if (total === undefined && q.page > 1) {
    const [first] = (await build().limit(1)) as unknown as Counted;
    total = first?.total;
  }
  const rows = found.map(({ total: _, ...row }) => row) as Omit<PageRow<Q>, 'total'>[];
  return { rows, total: total ?? 0 };
}

import { sql } from 'drizzle-orm';
import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { PageRequest } from '../lib/envelope';

/**
 * A list's columns plus `total`, the number of rows matching its filters, counted by a window
 * over the same scan that finds the page: rows and total in one statement (decision 016).
 */
export function withTotal<T extends SelectedFields>(columns: T) {
  return { ...columns, total: sql<number>`(count(*) over ())::int` };
}

type PageRow<Q extends PgSelect> = Q['_']['result'][number];

/**
 * One page of a list and its total. `build` yields the list's query (columns from withTotal,
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

import { and, asc, desc, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { EXPORT_BATCH_ROWS, type SortOrder } from '@cricket/contracts';
import type { SortRequest } from './page';

/**
 * A list's order as an export walks it (issue 33): by one column (or none) and then the id,
 * both the same way, as `sortedBy` orders the list's pages.
 */
export interface Keyset {
  by: SQL | AnyPgColumn | null;
  id: AnyPgColumn;
  way: SortOrder;
}

/** The list's sort as a keyset; without `sort`, the list's own order by id (`byDefault`). */
export function keysetOf<K extends string>(
  q: SortRequest<K>,
  columns: Record<K, SQL | AnyPgColumn>,
  id: AnyPgColumn,
  byDefault: SortOrder,
): Keyset {
  if (!q.sort) return { by: null, id, way: byDefault };
  return { by: columns[q.sort], id, way: q.order === 'desc' ? 'desc' : 'asc' };
}

/** Where a row of a batch stands in the keyset order: select these beside its columns. */
export const keyColumns = (k: Keyset) => ({
  // As text: a timestamp read into a Date would lose its microseconds and repeat rows.
  keyValue: sql<string | null>`(${k.by ?? sql`null`})::text`,
  keyId: sql<number>`${k.id}`,
});

export interface KeyedRow {
  keyValue: string | null;
  keyId: number;
}

/**
 * The rows after (value, id) in the keyset's order. PostgreSQL puts nulls last ascending and
 * first descending, so a null value has a place of its own. The value goes back as text of
 * unknown type, which the server reads as the column's own type.
 */
function after(k: Keyset, value: string | null, id: number): SQL {
  const beyond = k.way === 'asc' ? sql`${k.id} > ${id}` : sql`${k.id} < ${id}`;
  if (!k.by) return beyond;
  const by = k.by;
  const past = k.way === 'asc' ? sql`${by} > ${value}` : sql`${by} < ${value}`;
  if (k.way === 'asc') {
    return value === null
      ? and(isNull(by), beyond)!
      : or(past, and(sql`${by} = ${value}`, beyond), isNull(by))!;
  }
  return value === null
    ? or(and(isNull(by), beyond), isNotNull(by))!
    : or(past, and(sql`${by} = ${value}`, beyond))!;
}

/** The ORDER BY a keyset walks: the list's own. */
export function keysetOrder(k: Keyset): SQL[] {
  const way = k.way === 'desc' ? desc : asc;
  return k.by ? [way(k.by), way(k.id)] : [way(k.id)];
}

/**
 * Every row of a list in batches of EXPORT_BATCH_ROWS, each its own short statement that
 * starts after the last row of the one before (keyset paging): memory holds one batch, no
 * transaction or connection is held between batches, and each batch finds its start through
 * the index the list's order uses. `read` runs the list's query with `where` added to its
 * filters, `orderBy` and `limit`, selecting `keyColumns(keyset)` beside its own.
 */
export async function* keysetBatches<Row extends KeyedRow>(
  keyset: Keyset,
  read: (step: { where: SQL | undefined; orderBy: SQL[]; limit: number }) => Promise<Row[]>,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<Row[]> {
  let where: SQL | undefined;
  for (;;) {
    const rows = await read({ where, orderBy: keysetOrder(keyset), limit: batchRows });
    if (rows.length > 0) yield rows;
    if (rows.length < batchRows) return;
    const last = rows[rows.length - 1]!;
    where = after(keyset, last.keyValue, last.keyId);
  }
}

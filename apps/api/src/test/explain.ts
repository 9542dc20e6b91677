import { fillPlaceholders, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/**
 * PostgreSQL's plan for a prepared statement (`query`, built with placeholders) run with
 * `values`, inside a transaction with `settings` (e.g. `enable_seqscan = off`, so a table too
 * small to be worth an index is not simply read whole).
 */
export async function explainPrepared(
  db: Db,
  query: { toSQL(): { sql: string; params: unknown[] } },
  values: Record<string, unknown>,
  settings: string[],
): Promise<string> {
  const built = query.toSQL();
  const params = fillPlaceholders(built.params, values);
  // Placeholders filled in: the statement as it runs, its values as parameters.
  const parts = built.sql.split(/\$(\d+)/);
  const statement = sql.join(
    // sql.param: an array stays one value (a text[]), not a list.
    parts.map((part, i) => (i % 2 ? sql`${sql.param(params[Number(part) - 1])}` : sql.raw(part))),
  );
  return db.transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(`set local ${setting}`));
    const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${statement}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

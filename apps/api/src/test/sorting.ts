import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { SORT_MESSAGES } from '@cricket/contracts';
import { queryRows } from '../db/client';
import type { TestApp } from './harness';

/**
 * Issue 33's check of a sortable list: for every key, both ways, the first page's ids equal an
 * oracle query's (`order by <expression>, id` over `from`), and an unknown key answers 400
 * naming the keys. `url` is the list's path with any filters; `id` reads a row's id.
 */
export async function expectSortsLikeOracle(
  t: TestApp,
  token: string,
  opts: {
    url: string;
    from: SQL;
    keys: Record<string, SQL>;
    /** The id in the oracle, where `from` joins tables: `w.id`. */
    idColumn?: SQL;
    id?: (row: Record<string, unknown>) => unknown;
    rows?: (data: Record<string, unknown>) => Record<string, unknown>[];
  },
) {
  const idOf = opts.id ?? ((row) => row.id);
  const rowsOf = opts.rows ?? ((data) => data.data as Record<string, unknown>[]);
  const join = opts.url.includes('?') ? '&' : '?';
  const id = opts.idColumn ?? sql`id`;
  for (const [key, expr] of Object.entries(opts.keys)) {
    for (const order of ['asc', 'desc'] as const) {
      const res = await t.as(token, {
        method: 'GET',
        url: `${opts.url}${join}sort=${key}&order=${order}&limit=100`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const way = sql.raw(order);
      const oracle = await queryRows<{ id: number }>(
        t.db,
        sql`select ${id} as id from ${opts.from} order by ${expr} ${way}, ${id} ${way} limit 100`,
      );
      expect(rowsOf(res.json().data).map(idOf), `${key} ${order}`).toEqual(oracle.map((r) => r.id));
    }
  }
  const bad = await t.as(token, { method: 'GET', url: `${opts.url}${join}sort=password` });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().message).toBe(SORT_MESSAGES.unknownKey(Object.keys(opts.keys)));
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { preparedDb, queryRows } from './client';

/** How pooled PostgreSQL connections are set up (decision 012). */
// PostgreSQL only: PGlite is one in-process connection, with no pool to set up.
describe.runIf(process.env.TEST_DB === 'pg')('PostgreSQL connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const settings = (db: TestApp['db']) =>
    queryRows<{ jit: string; plans: string; workers: string }>(
      db,
      sql`select current_setting('jit') as jit, current_setting('plan_cache_mode') as plans,
                 current_setting('max_parallel_workers_per_gather') as workers`,
    );

  it('never compile queries just in time, and run named statements with serial generic plans', async () => {
    expect(await settings(t.db)).toMatchObject([{ jit: 'off', plans: 'auto' }]);
    expect(await settings(preparedDb(t.db))).toEqual([
      { jit: 'off', plans: 'force_generic_plan', workers: '0' },
    ]);
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

/** user_counts keeps each (role, status) in slots by connection (decision 069). */
// PostgreSQL only: PGlite is one connection, so no two writes are ever in flight at once.
describe.runIf(process.env.TEST_DB === 'pg')('user counts under concurrent writes', () => {
  let t: TestApp;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
    await t.close();
  });

  /** Two connections whose backends fall in different slots (pid % 16). */
  async function twoSlots() {
    const open = async () => {
      const c = new pg.Client({ connectionString: t.databaseUrl! });
      await c.connect();
      clients.push(c);
      const { rows } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
      return { c, slot: rows[0]!.pid % 16 };
    };
    const first = await open();
    let second = await open();
    while (second.slot === first.slot) second = await open();
    return [first.c, second.c] as const;
  }

  // Names of their own: user_search_names keeps a row per name, which two Slots would share.
  const insertUser = async (c: pg.Client, n: number) => {
    const { rowCount } = await c.query(
      `insert into users (email, phone_number, role_id, status, first_name, last_name)
       select $1, $2, min(id), 'verified', $3, $3 from roles`,
      [`slot${n}@example.com`, `90000000${n}`, `Slot${n === 1 ? 'a' : 'b'}`],
    );
    expect(rowCount).toBe(1);
  };

  it('lets a second writer of the same role and status go on before the first commits, and the sum stays exact', async () => {
    const [a, b] = await twoSlots();
    const count = async () =>
      Number(
        (
          await a.query<{ n: string }>(
            `select (select coalesce(sum(count), 0) from user_counts) -
                    (select count(*) from users) as n`,
          )
        ).rows[0]!.n,
      );
    expect(await count()).toBe(0);
    await a.query('begin');
    await insertUser(a, 1);
    // Only a wait for a lock counts against this, never the work: blocked, the insert fails.
    await b.query("set lock_timeout = '2s'");
    await b.query('begin');
    await insertUser(b, 2);
    await b.query("update users set status = 'suspended' where email = 'slot2@example.com'");
    await b.query('commit');
    await a.query('commit');
    expect(await count()).toBe(0);
    await a.query("delete from users where email like 'slot%@example.com'");
    expect(await count()).toBe(0);
  });
});

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/**
 * A signing secret by name: the configured one when set, else the one kept in the database,
 * made by the first instance that needed it (a concurrent start keeps the first writer's).
 */
export async function serverSecret(db: Db, name: string, configured: string | undefined) {
  if (configured) return configured;
  await db.execute(
    sql`insert into server_secrets (name, value)
        values (${name}, ${randomBytes(32).toString('base64url')})
        on conflict (name) do nothing`,
  );
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`select value from server_secrets where name = ${name}`,
  );
  return row!.value;
}

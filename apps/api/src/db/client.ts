import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

/** One query API for both drivers: repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** Runs `fn` on a single connection holding a session-level advisory lock. */
  withLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const LOCK_KEY = 72_157_001;

/** `dataDir` null opens an in-memory database (tests). */
export async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: dataDir ?? undefined, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is one connection in one process: there is nobody to lock out.
    withLock: (fn) => fn(db),
    close: () => client.close(),
  };
}

export function openPostgres(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // Without a listener an idle-client error would crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pg',
    async withLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
        return await fn(drizzlePg({ client, schema, casing: 'snake_case' }) as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw SQL statement; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

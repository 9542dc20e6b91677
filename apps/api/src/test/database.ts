import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedBase } from '../db/seed/base';

export const ADMIN = { email: 'admin@test.local', password: 'Admin@12345' };

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory, migrated and seeded (pglite-template.ts); absent elsewhere. */
    pgliteTemplate?: string;
    /** A database on the test server, migrated and seeded (pg-template.ts); absent elsewhere. */
    pgTemplate?: string;
  }
}

/** Migrations, the permission catalogue, the protected admin role and ADMIN. */
export async function prepareTestDatabase(database: Database): Promise<void> {
  await runMigrations(database);
  await seedBase(
    database.db,
    { adminEmail: ADMIN.email, adminPassword: ADMIN.password },
    { info() {}, warn() {} },
  );
  // No quiet hours (the same start and end) unless a test sets them: a test's sends must not
  // be held or not depending on the hour it happens to run (quiet-hours.test.ts sets them).
  await database.db.execute(
    sql`update messaging_settings set quiet_hours_end = quiet_hours_start where id = 1`,
  );
}

/**
 * A fresh, prepared database for one test file: in-memory PGlite, or (TEST_DB=pg) a new
 * database on the TEST_DATABASE_URL server, dropped again on close. Both start from the run's
 * prepared copy when there is one: migrating and seeding in every file cost seconds each.
 */
export async function openTestDatabase(): Promise<{ database: Database; url: string | null }> {
  if (process.env.TEST_DB !== 'pg') {
    const template = inject('pgliteTemplate');
    if (template) {
      const loadDataDir = new Blob([await readFile(template)]);
      return { database: await openPglite(null, { loadDataDir }), url: null };
    }
    const database = await openPglite(null);
    await prepareTestDatabase(database);
    return { database, url: null };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = inject('pgTemplate');
  await onServer(url, `create database ${name}${template ? ` template ${template}` : ''}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString(), 5);
  if (!template) await prepareTestDatabase(database);
  return {
    url: target.toString(),
    database: {
      ...database,
      async close() {
        await database.close();
        await onServer(url, `drop database if exists ${name} with (force)`);
      },
    },
  };
}

/** Runs one statement (create or drop a database) on the server `url` names, on a connection of its own. */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

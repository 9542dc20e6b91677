import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { PermissionName } from '@cricket/contracts';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPostgres, queryRows, type Database, type Db } from '../db/client';
import { permissions, rolePermissions, roles, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { ADMIN, openTestDatabase } from './database';
import { startPgFaultProxy, type PgFaultProxy } from './pg-fault-proxy';

export { ADMIN };

export interface TestApp {
  app: FastifyInstance;
  uploadDir: string;
  db: Db;
  database: Database;
  /** The PostgreSQL URL of this test's database; null on in-memory PGlite. */
  databaseUrl: string | null;
  /**
   * With `faultProxy` on PostgreSQL: the proxy every connection of the app goes through (`db`
   * and `database` stay direct, so a test can look while the app's connections fail).
   */
  proxy: PgFaultProxy | null;
  close(): Promise<void>;
  /** Signs in through the API and returns the bearer token. */
  login(email?: string, password?: string): Promise<string>;
  /** A role holding exactly these permissions (admin.access is added) and a user in it. */
  userWith(
    perms: PermissionName[],
    opts?: { email?: string; password?: string },
  ): Promise<{ id: number; roleId: number; token: string }>;
  /** app.inject with a bearer token. */
  as(token: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** PUT /api/users/{id} with the user's current email, phone and role plus these changes. */
  editUser(
    token: string,
    id: number,
    changes: Record<string, unknown>,
  ): Promise<LightMyRequestResponse>;
}

let counter = 0;

/**
 * One real argon2id hash per password for the whole run: a fresh salt per staff user proves
 * nothing here, and each hash costs tens of milliseconds (a file's users add up to seconds).
 */
const staffHashes = new Map<string, Promise<string>>();
const staffHash = (password: string) => {
  let hash = staffHashes.get(password);
  if (!hash) staffHashes.set(password, (hash = hashPassword(password)));
  return hash;
};

export async function createTestApp(
  env: Record<string, string> = {},
  {
    faultProxy = false,
    clock,
  }: {
    faultProxy?: boolean;
    /** The app's clock (app.clock): a test that needs "now" at a fixed time passes it. */
    clock?: () => Date;
  } = {},
): Promise<TestApp> {
  const { database, url: databaseUrl } = await openTestDatabase();
  const proxy = faultProxy && databaseUrl ? await startPgFaultProxy(databaseUrl) : null;
  const appDatabase = proxy ? openPostgres(proxy.url, 5) : database;
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'cricket-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    UPLOAD_DIR: uploadDir,
    // The nightly jobs would write a run record beside what a test is looking at.
    MAINTENANCE_JOBS: 'false',
    // A bulk job would change rows between a test's requests; a test runs it with runOnce().
    BULK_WORKER: 'false',
    ...env,
  });
  const app = await buildApp({ config, database: appDatabase, logger: false, clock });
  await app.ready();
  const db = database.db;

  async function login(email = ADMIN.email, password = ADMIN.password) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password },
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json<{ data: { token: string } }>().data.token;
  }

  function as(token: string, opts: InjectOptions) {
    return app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } });
  }

  return {
    app,
    uploadDir,
    db,
    database,
    databaseUrl,
    proxy,
    login,
    async close() {
      await app.close();
      if (proxy) {
        await appDatabase.close();
        await proxy.close();
      }
      await database.close();
      rmSync(uploadDir, { recursive: true, force: true });
    },
    async userWith(perms, opts = {}) {
      counter += 1;
      const n = `${Date.now() % 100000}${counter}`;
      const [role] = await db
        .insert(roles)
        .values({ name: `role ${n}`, description: 'test role' })
        .returning({ id: roles.id });
      const names = [...new Set<PermissionName>(['admin.access', ...perms])];
      await db.execute(sql`
        insert into ${rolePermissions} (role_id, permission_id)
        select ${role!.id}, id from ${permissions} where name in ${names}`);
      const email = opts.email ?? `staff${n}@test.local`;
      const password = opts.password ?? 'Staff@12345';
      const [user] = await db
        .insert(users)
        .values({
          email,
          // A range of its own: tests number their people from 7000000000 (phoneOf(311) once met
          // staff '311').
          phoneNumber: String(6_900_000_000 + (Number(n) % 100_000_000)),
          passwordHash: await staffHash(password),
          roleId: role!.id,
          status: 'verified',
          firstName: 'Test',
          lastName: 'Staff',
        })
        .returning({ id: users.id });
      return { id: user!.id, roleId: role!.id, token: await login(email, password) };
    },
    as,
    async editUser(token, id, changes) {
      const current = (await as(token, { method: 'GET', url: `/api/users/${id}` })).json().data
        .user;
      return as(token, {
        method: 'PUT',
        url: `/api/users/${id}`,
        payload: userPayload(current.role_id, {
          email: current.details.email,
          phone_number: current.phone_number,
          ...changes,
        }),
      });
    },
  };
}

/** A complete, valid `POST/PUT /api/users` body; email and phone must be made unique by the caller. */
export function userPayload(roleId: number, overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Test',
    last_name: 'Staff',
    email: 'test.staff@example.in',
    phone_number: '9988776655',
    role_id: roleId,
    status: 'verified',
    date_of_birth: '1990-04-30',
    gender: 'Male',
    address: '12, MG Road',
    city: 'Mumbai',
    state: 'Maharashtra',
    country: 'India',
    pincode: '400001',
    profile_picture: null,
    ...overrides,
  };
}

/** A fingerprint of every table's contents, to prove a refused request changed nothing. */
export async function snapshot(db: Db) {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const [row] = await queryRows<{ h: string | null }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.identifier(table_name)} t`,
    );
    parts.push(`${table_name}:${row?.h}`);
  }
  return parts.join('\n');
}

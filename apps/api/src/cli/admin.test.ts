import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seed } from '../db/seed';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const ADMIN = { email: 'root@backup.test', password: 'Root@12345' };
const silent = { info() {}, warn() {} };
const onServer = process.env.TEST_DB === 'pg';

/** Runs the documented command: `npm run admin -- <args>`. */
function admin(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _url, DATA_DIR: _dir, UPLOAD_DIR: _up, ...inherited } = process.env;
  const res = spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: repoRoot,
    env: { ...inherited, ...env },
    encoding: 'utf8',
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cricket-backup-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A database of this run's kind: a folder for PGlite, a new database on the test server. */
async function newDatabase(): Promise<{ open(): Promise<Database>; env: Record<string, string> }> {
  if (!onServer) {
    const dataDir = tempDir();
    return {
      open: () => openPglite(path.join(dataDir, 'db')),
      env: { DATA_DIR: dataDir },
    };
  }
  const server = process.env.TEST_DATABASE_URL!;
  const name = `backup_${process.pid}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: server });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    open: async () => openPostgres(url.toString(), 2),
    env: { DATABASE_URL: url.toString() },
  };
}

/** What an administrator sees: the users list, a team with its logo, the audit log. */
async function answers(database: Database, uploadDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    UPLOAD_DIR: uploadDir,
    NOTIFY_WORKER: 'false',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: ADMIN });
    const headers = {
      authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}`,
    };
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json<{ data: unknown }>().data;
    };
    const teams = (await get('/api/teams?limit=100')) as {
      data: { id: number; logo_url: string | null }[];
    };
    const withLogo = teams.data.find((t) => t.logo_url)!;
    const logo = await app.inject({ method: 'GET', url: withLogo.logo_url! });
    return {
      users: await get('/api/users?limit=100'),
      team: await get(`/api/teams/${withLogo.id}`),
      audit: await get('/api/audit-logs?limit=100'),
      logo: { status: logo.statusCode, bytes: logo.rawPayload.toString('base64') },
    };
  } finally {
    await app.close();
  }
}

describe(
  `npm run admin -- backup / restore (${onServer ? 'PostgreSQL server' : 'embedded database'})`,
  { timeout: 300_000 },
  () => {
    it('restores the demo database and its pictures into an empty one, and answers the same', async () => {
      const source = await newDatabase();
      const sourceUploads = tempDir();
      let database = await source.open();
      await runMigrations(database);
      await seed(
        database,
        {
          adminEmail: ADMIN.email,
          adminPassword: ADMIN.password,
          demo: true,
          uploadDir: sourceUploads,
        },
        silent,
      );
      const before = await answers(database, sourceUploads);
      await database.close();
      expect(before.logo.status).toBe(200);

      const file = path.join(tempDir(), 'nightly.tar.gz');
      const made = admin(['backup', file], { ...source.env, UPLOAD_DIR: sourceUploads });
      expect(made.code, made.err).toBe(0);
      expect(made.out).toMatch(/Backed up .* and \d+ uploaded files to/);

      const target = await newDatabase();
      const targetUploads = tempDir();
      const restored = admin(['restore', file], { ...target.env, UPLOAD_DIR: targetUploads });
      expect(restored.code, restored.err).toBe(0);

      database = await target.open();
      const after = await answers(database, targetUploads);
      await database.close();
      expect(after.users).toEqual(before.users);
      expect(after.team).toEqual(before.team);
      expect(after.audit).toEqual(before.audit);
      expect(after.logo).toEqual(before.logo);

      // A database holding anything is not overwritten without --force …
      const again = admin(['restore', file], { ...target.env, UPLOAD_DIR: targetUploads });
      expect(again.code).toBe(1);
      expect(again.err).toContain('is not empty: restoring would overwrite it. Add --force');
      // … and with it, what was there is moved aside (embedded database and uploads), not lost.
      const forced = admin(['restore', file, '--force'], {
        ...target.env,
        UPLOAD_DIR: targetUploads,
      });
      expect(forced.code, forced.err).toBe(0);
      const parent = path.dirname(targetUploads);
      expect(
        readdirSync(parent).some((f) =>
          f.startsWith(`${path.basename(targetUploads)}.before-restore-`),
        ),
      ).toBe(true);
      for (const f of readdirSync(parent))
        if (f.startsWith(`${path.basename(targetUploads)}.before-restore-`))
          cleanups.push(() => rmSync(path.join(parent, f), { recursive: true, force: true }));
      database = await target.open();
      expect((await answers(database, targetUploads)).users).toEqual(before.users);
      await database.close();
    });

    it('refuses a missing file and an unknown command', async () => {
      const target = await newDatabase();
      const junk = path.join(tempDir(), 'junk.tar.gz');
      const res = admin(['restore', junk], { ...target.env, UPLOAD_DIR: tempDir() });
      expect(res.code).toBe(1);
      expect(res.err).toContain('No backup file at');
      expect(admin(['frobnicate', junk], target.env).code).toBe(2);
      expect(existsSync(junk)).toBe(false);
    });
  },
);

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NEW_PASSWORD_MESSAGES } from '@cricket/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { runMigrations } from '../db/migrate';
import { sessions, users } from '../db/schema';
import { seedBase } from '../db/seed/base';
import { verifyPassword } from '../lib/passwords';
import { createTestApp } from '../test/harness';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const silent = { info() {}, warn() {} };

/** Runs the documented command: `npm run set-password -w apps/api -- <email> <password>`. */
function setPassword(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const res = spawnSync(
    'npm',
    ['run', '--silent', 'set-password', '-w', 'apps/api', '--', ...args],
    {
      cwd: repoRoot,
      env: { ...inherited, ...env },
      encoding: 'utf8',
    },
  );
  return { code: res.status, out: res.stdout, err: res.stderr };
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const onServer = process.env.TEST_DB === 'pg';

// Each case starts npm, tsx and a database in a child process: slow on a busy machine.
describe('npm run set-password', { timeout: 120_000 }, () => {
  // The embedded database of DATA_DIR is the same whichever project runs this file: its cases
  // run once, in the PGlite project, and the server's case in the PostgreSQL one.
  it.runIf(!onServer)(
    'sets an argon2id hash in the embedded database of DATA_DIR and revokes the sessions',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'cricket-cli-'));
      dirs.push(dataDir);
      let database = await openPglite(path.join(dataDir, 'db'));
      await runMigrations(database);
      await seedBase(
        database.db,
        { adminEmail: 'root@test.local', adminPassword: 'Root@12345' },
        silent,
      );
      const [admin] = await database.db.select({ id: users.id }).from(users);
      await database.db.insert(sessions).values({
        tokenHash: 'a'.repeat(64),
        userId: admin!.id,
        expiresAt: new Date(Date.now() + 3600_000),
      });
      await database.close();

      const unknown = setPassword(['nobody@test.local', 'New-pass-1'], { DATA_DIR: dataDir });
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain('No user has the email nobody@test.local');

      const res = setPassword(['ROOT@test.local', 'New-pass-1'], { DATA_DIR: dataDir });
      expect(res.err).toBe('');
      expect(res.code).toBe(0);
      expect(res.out).toContain('Password set for ROOT@test.local');

      database = await openPglite(path.join(dataDir, 'db'));
      const [row] = await database.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, admin!.id));
      expect(row?.hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row?.hash, 'New-pass-1')).toBe(true);
      expect(await verifyPassword(row?.hash, 'Root@12345')).toBe(false);
      const [session] = await database.db.select().from(sessions);
      expect(session?.revokedAt).toBeInstanceOf(Date);
      await database.close();
    },
  );

  // Embedded database only, as above: run once, in the PGlite project.
  it.runIf(!onServer)('refuses bad input, a missing database and one the server holds open', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cricket-cli-'));
    dirs.push(dataDir);
    const short = setPassword(['someone@test.local', '123'], { DATA_DIR: dataDir });
    expect(short.code).toBe(2);
    expect(short.err).toContain(NEW_PASSWORD_MESSAGES.tooShort);
    const missing = setPassword(['someone@test.local', 'Long-enough-1'], { DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('No database in');
    mkdirSync(path.join(dataDir, 'db'));
    writeFileSync(path.join(dataDir, 'db', 'postmaster.pid'), '-42\n');
    const open = setPassword(['someone@test.local', 'Long-enough-1'], { DATA_DIR: dataDir });
    expect(open.code).toBe(1);
    expect(open.err).toContain('is in use: stop the server first');
  });

  // PostgreSQL only: DATABASE_URL names a server, which the PGlite project has not got.
  it.runIf(onServer)('works against the PostgreSQL server of DATABASE_URL', async () => {
    const t = await createTestApp();
    try {
      const staff = await t.userWith(['users.view'], { email: 'scorer@test.local' });
      const res = setPassword(['scorer@test.local', 'Fresh-pass-9'], {
        DATABASE_URL: t.databaseUrl!,
      });
      expect(res.code).toBe(0);
      expect(
        (await t.as(staff.token, { method: 'GET', url: '/api/user/profile' })).statusCode,
      ).toBe(401);
      expect(await t.login('scorer@test.local', 'Fresh-pass-9')).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});

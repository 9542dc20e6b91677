import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  cp,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import * as tar from 'tar';
import { openPglite } from '../db/client';

const run = promisify(execFile);

/** What a backup holds and restores: one database (embedded or a server) and the uploads. */
export interface BackupTarget {
  /** A PostgreSQL server's URL; unset means the embedded database in `pgliteDir`. */
  databaseUrl: string | undefined;
  pgliteDir: string | null;
  uploadDir: string;
}

export interface BackupManifest {
  format: 'cricket-back-office-backup';
  version: 1;
  created_at: string;
  database: 'pg' | 'pglite';
  uploads: number;
}

const FORMAT = 'cricket-back-office-backup';
const PG_DUMP_FILE = 'database.pgdump';
const PGLITE_FILE = 'database.pglite.tar';

/** A refusal the operator can act on: printed as is, without a stack. */
export class BackupError extends Error {}

/**
 * PGlite leaves postmaster.pid in its folder while open and ignores it when opening, so a
 * second process would write the same files as the running server: refuse instead.
 */
export function assertPgliteFree(dir: string) {
  if (existsSync(path.join(dir, 'postmaster.pid')))
    throw new BackupError(
      `The database in ${dir} is in use: stop the server first. (If it is not running, it did not shut down cleanly: start and stop it once.)`,
    );
}

/** Runs one of PostgreSQL's client tools, saying plainly when it is missing. */
async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]) {
  try {
    await run(tool, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupError(
        `${tool} is not installed: install PostgreSQL's client tools of the server's version or newer (Debian: postgresql-client-15).`,
      );
    throw new BackupError(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

/**
 * Writes one file (a gzipped tar) holding the manifest, the database (`pg_dump`'s custom
 * format from a server, PGlite's own data-directory dump from the embedded one) and every
 * upload. The embedded database must not be in use; a server may keep serving (pg_dump
 * reads one consistent snapshot).
 */
export async function backup(target: BackupTarget, file: string): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(tmpdir(), 'cricket-backup-'));
  try {
    let database: BackupManifest['database'];
    if (target.databaseUrl) {
      database = 'pg';
      await pgTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(staging, PG_DUMP_FILE)}`,
        target.databaseUrl,
      ]);
    } else {
      database = 'pglite';
      const dir = target.pgliteDir;
      if (!dir || !existsSync(dir))
        throw new BackupError(`No database in ${dir ?? '(none)'}: start the server once first.`);
      assertPgliteFree(dir);
      const db = await openPglite(dir);
      try {
        const dump = await db.dumpDataDir!();
        await writeFile(path.join(staging, PGLITE_FILE), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      version: 1,
      created_at: new Date().toISOString(),
      database,
      uploads: await countFiles(target.uploadDir),
    };
    await writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const entries = ['manifest.json', database === 'pg' ? PG_DUMP_FILE : PGLITE_FILE];
    if (existsSync(target.uploadDir)) {
      // The archive reads the uploads where they are, through a link, rather than a copy.
      await symlink(path.resolve(target.uploadDir), path.join(staging, 'uploads'), 'dir');
      entries.push('uploads');
    }
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await tar.create({ gzip: true, file, cwd: staging, follow: true, portable: true }, entries);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function serverHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** Empties a server database of this product's schemas, for a forced restore. */
async function emptyServer(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}

const isEmptyDir = async (dir: string) => !existsSync(dir) || (await readdir(dir)).length === 0;

/** Moves a folder a forced restore replaces aside, rather than deleting what it held. */
async function setAside(dir: string): Promise<string | null> {
  if (await isEmptyDir(dir)) return null;
  const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(dir, aside);
  return aside;
}

/**
 * Restores a file written by `backup` into the configured database and upload folder.
 * Refuses a database (or upload folder) that holds anything, unless `force`: then a server's
 * schemas are dropped first, and the embedded database's folder and the uploads are moved
 * aside (named `…before-restore-<time>`), never deleted.
 */
export async function restore(
  target: BackupTarget,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<BackupManifest & { setAside: string[] }> {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}`);
  const staging = await mkdtemp(path.join(tmpdir(), 'cricket-restore-'));
  try {
    try {
      await tar.extract({ file, cwd: staging, strict: true });
    } catch (err) {
      throw new BackupError(`${file} is not a backup: ${(err as Error).message}`);
    }
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(
        await readFile(path.join(staging, 'manifest.json'), 'utf8'),
      ) as BackupManifest;
    } catch {
      throw new BackupError(`${file} is not a backup of this product (no manifest.json).`);
    }
    if (manifest.format !== FORMAT || manifest.version !== 1)
      throw new BackupError(
        `${file} is not a backup of this product (format ${String(manifest.format)}).`,
      );

    const into = target.databaseUrl ? 'pg' : 'pglite';
    if (manifest.database !== into)
      throw new BackupError(
        manifest.database === 'pg'
          ? 'This backup is of a PostgreSQL server: set DATABASE_URL to restore it into one.'
          : 'This backup is of the embedded database: unset DATABASE_URL to restore it into one (DATA_DIR says where).',
      );

    const dir = target.pgliteDir;
    if (into === 'pglite') {
      if (!dir) throw new BackupError('No DATA_DIR for the embedded database.');
      if (existsSync(dir)) assertPgliteFree(dir);
    }
    const databaseInUse =
      into === 'pg' ? await serverHasTables(target.databaseUrl!) : !(await isEmptyDir(dir!));
    const uploadsInUse = !(await isEmptyDir(target.uploadDir));
    if ((databaseInUse || uploadsInUse) && !force)
      throw new BackupError(
        `The ${databaseInUse ? 'database' : 'upload folder'} is not empty: restoring would overwrite it. Add --force to replace it (the embedded database and the uploads are moved aside, not deleted).`,
      );

    const asides: string[] = [];
    if (into === 'pg') {
      if (databaseInUse) await emptyServer(target.databaseUrl!);
      await pgTool('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${target.databaseUrl!}`,
        path.join(staging, PG_DUMP_FILE),
      ]);
    } else {
      const aside = await setAside(dir!);
      if (aside) asides.push(aside);
      const dump = await readFile(path.join(staging, PGLITE_FILE));
      const db = await openPglite(dir!, { loadDataDir: new Blob([dump]) });
      await db.close();
    }

    const uploadsAside = await setAside(target.uploadDir);
    if (uploadsAside) asides.push(uploadsAside);
    await mkdir(target.uploadDir, { recursive: true });
    if (existsSync(path.join(staging, 'uploads')))
      await cp(path.join(staging, 'uploads'), target.uploadDir, { recursive: true });
    return { ...manifest, setAside: asides };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

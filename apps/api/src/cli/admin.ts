/**
 * Operations on the configured database (DATABASE_URL, else the embedded one in DATA_DIR) and
 * its uploads (UPLOAD_DIR):
 *   npm run admin -- backup <file>
 *   npm run admin -- restore <file> [--force]
 * The embedded database belongs to one process at a time: stop the server first.
 */
import { loadConfig } from '../config';
import { BackupError, backup, restore } from '../lib/backup';

const USAGE = [
  'Usage:',
  '  npm run admin -- backup <file>             the database and the uploads, in one file',
  '  npm run admin -- restore <file> [--force]  into an empty database (--force replaces one)',
].join('\n');

async function main(): Promise<number> {
  // `npm run` runs in the repository root; a relative path means where npm was invoked.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const [command, file, ...rest] = args.filter((a) => a !== '--force');
  if (!file || rest.length > 0 || (command !== 'backup' && command !== 'restore')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const target = {
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    uploadDir: config.uploadDir,
  };
  const where = config.databaseUrl
    ? 'the PostgreSQL server'
    : `the embedded database in ${config.pgliteDir}`;
  if (command === 'backup') {
    const made = await backup(target, file);
    console.log(`Backed up ${where} and ${made.uploads} uploaded files to ${file}.`);
  } else {
    const done = await restore(target, file, { force });
    console.log(
      `Restored ${where} and ${done.uploads} uploaded files from ${file} (backed up ${done.created_at}).`,
    );
    for (const aside of done.setAside) console.log(`What was there before is kept in ${aside}.`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // A refusal (BackupError) is a sentence for the operator; anything else keeps its stack.
    console.error(err instanceof BackupError ? err.message : err);
    process.exit(1);
  },
);

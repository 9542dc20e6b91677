/**
 * Sets a user's password from the command line and revokes their sessions:
 *   npm run set-password -w apps/api -- <email> <password>
 * It opens the database the server is configured with (DATABASE_URL, else the embedded one
 * in DATA_DIR). The embedded database belongs to one process at a time: stop the server first.
 */
import { existsSync } from 'node:fs';
import { loginForm, newPassword } from '@cricket/contracts';
import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { findLoginCandidate } from '../features/auth/repository';
import { setPassword } from '../features/users/repository';
import { assertPgliteFree } from '../lib/backup';
import { hashPassword } from '../lib/passwords';
import { auditAs } from '../plugins/audit';

async function main(): Promise<number> {
  // `npm run -w apps/api` runs in apps/api; a relative DATA_DIR means where npm was invoked.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const [email = '', password = ''] = process.argv.slice(2);
  // The sign-in form's email rule and the rule of every new password (the users screen's Set
  // Password); typing it twice is left to the shell.
  const parsed = loginForm
    .pick({ email: true })
    .extend({ password: newPassword })
    .safeParse({ email, password });
  if (!parsed.success) {
    console.error('Usage: npm run set-password -w apps/api -- <email> <password>');
    for (const issue of parsed.error.issues)
      console.error(`  ${issue.path.join('.')}: ${issue.message}`);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl && config.pgliteDir && !existsSync(config.pgliteDir)) {
    console.error(
      `No database in ${config.pgliteDir}: start the server once, or set DATA_DIR or DATABASE_URL.`,
    );
    return 1;
  }
  if (!config.databaseUrl && config.pgliteDir) assertPgliteFree(config.pgliteDir);
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, 1)
    : await openPglite(config.pgliteDir);
  try {
    const user = await findLoginCandidate(database.db, parsed.data.email);
    if (!user) {
      console.error(`No user has the email ${parsed.data.email}`);
      return 1;
    }
    // Recorded with no actor: the change came from the server's operator, not a signed-in user.
    await setPassword(
      database.db,
      user.id,
      await hashPassword(parsed.data.password),
      undefined,
      auditAs(null, 'user'),
    );
    console.log(`Password set for ${parsed.data.email}; their sessions were signed out.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

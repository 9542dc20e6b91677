import { loadConfig } from './config';
import { buildApp } from './app';
import { openPglite, openPostgres } from './db/client';
import { runMigrations } from './db/migrate';
import { seed } from './db/seed';

/** Process entry: config, database, migrations and seed, listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : await openPglite(config.pgliteDir);
  await runMigrations(database);
  const app = await buildApp({ config, database });
  await seed(
    database,
    {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demo: config.seedDemo,
      uploadDir: config.uploadDir,
    },
    app.log,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking requests, let in-flight ones finish, then close the database.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Cricket back-office on http://localhost:${config.port} (database: ${database.kind === 'pg' ? 'PostgreSQL server' : `embedded PGlite in ${config.pgliteDir}`})`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

import { defineConfig } from 'vitest/config';

const apiProject = (name: string, env: Record<string, string>, globalSetup: string[] = []) => ({
  test: {
    name,
    root: './apps/api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env,
    globalSetup,
    // Files share their worker's loaded modules: importing the whole API again in every file
    // cost about 2 s a file, a third of the run. Each file still builds its own app and database.
    isolate: false,
    // Hang guards, not deadlines: on a loaded 2-core machine PGlite alone took over a minute
    // to start, and a guard that a slow but working run can reach makes CI flaky.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

/**
 * API tests run once per database: always on embedded PGlite, and on the PostgreSQL server
 * too when TEST_DATABASE_URL is set (CI does).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on this 2-core machine that ran every
    // file in turn while the database servers idled. Two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The repository's own tooling, e.g. the lint rules that keep the architecture.
        test: {
          name: 'tooling',
          root: '.',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      apiProject('api-pglite', { TEST_DB: 'pglite' }, ['./src/test/pglite-template.ts']),
      ...(process.env.TEST_DATABASE_URL
        ? [apiProject('api-pg', { TEST_DB: 'pg' }, ['./src/test/pg-template.ts'])]
        : []),
    ],
  },
});

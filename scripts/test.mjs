#!/usr/bin/env node
// The one test command: type-check, lint, unit + API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the end-to-end tests in Chromium against the production build.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Type-check', 'npm', ['run', 'typecheck']],
  ['Lint', 'npm', ['run', 'lint']],
  ['Formatting', 'npx', ['prettier', '--check', '.']],
  [
    process.env.TEST_DATABASE_URL
      ? 'Unit and API tests (PGlite and PostgreSQL)'
      : 'Unit and API tests (PGlite)',
    'npx',
    ['vitest', 'run'],
  ],
  ['End-to-end tests', 'npm', ['run', 'test:e2e']],
];

for (const [title, cmd, args] of steps) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' });
  // Each step's time, so a slow CI run says which step grew.
  console.log(`=== ${title}: ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (status !== 0) {
    console.error(`\n${title} failed.`);
    process.exit(status ?? 1);
  }
}
console.log('\nAll checks passed.');

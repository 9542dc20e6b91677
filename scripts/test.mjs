#!/usr/bin/env node
// The one test command: type-check, lint, formatting and the web build side by side, then unit +
// API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then the end-to-end tests
// in Chromium against that production build.
import { spawn } from 'node:child_process';

/** Runs a command; its output is kept and printed whole when it ends, so parallel steps don't interleave. */
function run(title, cmd, args, { buffered }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (status) => {
      if (buffered) {
        console.log(`\n=== ${title} ===`);
        process.stdout.write(Buffer.concat(chunks));
      }
      // Each step's time, so a slow CI run says which step grew.
      console.log(`=== ${title}: ${Math.round((Date.now() - started) / 1000)} s ===`);
      resolve({ title, status: status ?? 1 });
    });
  });
}

function stopOnFailure(results) {
  const failed = results.filter((r) => r.status !== 0);
  if (failed.length === 0) return;
  for (const { title } of failed) console.error(`\n${title} failed.`);
  process.exit(failed[0].status);
}

// Single-threaded checks: on two cores, two at a time finish sooner than one after another.
stopOnFailure(
  await Promise.all([
    run('Type-check', 'npm', ['run', 'typecheck'], { buffered: true }),
    run('Lint', 'npm', ['run', 'lint'], { buffered: true }),
    run('Formatting', 'npx', ['prettier', '--check', '.'], { buffered: true }),
    run('Web build', 'npm', ['run', 'build'], { buffered: true }),
  ]),
);

const unitTitle = process.env.TEST_DATABASE_URL
  ? 'Unit and API tests (PGlite and PostgreSQL)'
  : 'Unit and API tests (PGlite)';
console.log(`\n=== ${unitTitle} ===`);
stopOnFailure([await run(unitTitle, 'npx', ['vitest', 'run'], { buffered: false })]);

console.log('\n=== End-to-end tests ===');
// `npm run test:e2e` builds first; the build above is the one these run against.
stopOnFailure([
  await run('End-to-end tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    buffered: false,
  }),
]);
console.log('\nAll checks passed.');

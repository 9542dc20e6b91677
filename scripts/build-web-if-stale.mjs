#!/usr/bin/env node
// `npm start` runs this before serving: it builds the web app only when its inputs changed
// since the last build it made, so a restart does not wait a minute for an identical build.
// The inputs are hashed by content (a checkout or a copy changes mtimes, not content), and
// the hash is kept in apps/web/dist/.build-stamp; `npm run build` on its own always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'apps/web/dist/.build-stamp');
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input)) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

const current = inputsHash();
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : undefined;
if (built === current && existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('The web build is current; not rebuilding (apps/web/dist/.build-stamp).');
} else {
  const { status } = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
  writeFileSync(stampFile, `${current}\n`);
}

/**
 * What every bench shares: a throwaway database on the server, the real API in a child process
 * (so the load generator does not share its event loop), autocannon at 50 connections, and
 * medians over rounds in which the scenarios take turns.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openPostgres } from '../apps/api/src/db/client';

export const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const CONNECTIONS = 50;
export const ADMIN = { email: 'bench-admin@example.in', password: 'Bench@12345' };

/**
 * The child process: the API built with `buildApp` on `databaseUrl`, plus the routes `extra`
 * registers (the bench's baselines); it reports its port to the parent and stops when the
 * parent disconnects.
 */
export async function serveApi(
  databaseUrl: string,
  extra: (app: FastifyInstance) => void,
  /** More settings for the API's configuration (e.g. SMTP_URL). */
  env: Record<string, string> = {},
) {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'bench-uploads-'));
  const database = openPostgres(databaseUrl);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: uploadDir,
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  extra(app);
  await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
  const address = app.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  const stop = () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => {
        rmSync(uploadDir, { recursive: true, force: true });
        process.exit(0);
      });
  };
  process.on('disconnect', stop);
  process.on('SIGINT', stop);
}

/** Starts `script` with `serve <databaseUrl>` in a child process; `port` resolves once it listens. */
export function startServer(script: string, databaseUrl: string, execArgv: string[] = []) {
  const child = fork(script, ['serve', databaseUrl], {
    stdio: 'inherit',
    execArgv: [...process.execArgv, ...execArgv],
  });
  const port = new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, port };
}

export async function stopServer(server: ReturnType<typeof startServer> | undefined) {
  if (!server?.child.connected) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.disconnect();
  await exited;
}

export async function measure(
  base: string,
  url: string,
  headers: Record<string, string>,
  seconds: number,
) {
  const result = await autocannon({
    url: base + url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * A database for one run: `BENCH_KEEP` names one to seed once and keep, otherwise a fresh one
 * that is dropped at the end. `run` learns its URL and whether it still needs seeding.
 */
export async function withBenchDatabase(
  prefix: string,
  run: (url: string, fresh: boolean) => Promise<void>,
) {
  const keep = process.env.BENCH_KEEP;
  const name = keep ?? `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const exists =
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  const target = new URL(SERVER_URL);
  target.pathname = `/${name}`;
  try {
    await run(target.toString(), !exists);
  } finally {
    if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Signs the bench administrator in and answers the bearer header. */
export async function signIn(base: string) {
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return { authorization: `Bearer ${token}` };
}

/**
 * Warms every scenario up, then measures them in turn for ROUNDS rounds and prints each one's
 * median p50, p99, req/s and throughput as a ratio of the first scenario (the bare route) in
 * the same round.
 */
export async function runScenarios(
  base: string,
  headers: Record<string, string>,
  scenarios: [label: string, url: string][],
) {
  for (const [, url] of scenarios) await measure(base, url, headers, 2);
  const runs = new Map<string, { p50: number; p99: number; rps: number; ratio: number }[]>();
  for (let round = 0; round < ROUNDS; round++) {
    let bare = 0;
    for (const [i, [, url]] of scenarios.entries()) {
      const m = await measure(base, url, headers, SECONDS);
      if (i === 0) bare = m.rps;
      runs.set(url, [...(runs.get(url) ?? []), { ...m, ratio: m.rps / bare }]);
    }
  }
  const width = Math.max(24, ...scenarios.map(([label]) => label.length + 1));
  console.log(
    `\n${CONNECTIONS} connections; median of ${ROUNDS} rounds of ${SECONDS} s per scenario\n`,
  );
  console.log(
    `${'scenario'.padEnd(width)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'req/s'.padStart(8)}  throughput vs bare`,
  );
  for (const [label, url] of scenarios) {
    const r = runs.get(url)!;
    const cells = [
      median(r.map((x) => x.p50)),
      median(r.map((x) => x.p99)),
      median(r.map((x) => x.rps)).toFixed(0),
    ];
    console.log(
      `${label.padEnd(width)} ${cells.map((c, k) => String(c).padStart(k === 2 ? 8 : 7)).join(' ')}  ${median(r.map((x) => x.ratio)).toFixed(2)}`,
    );
  }
}

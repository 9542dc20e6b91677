/**
 * What every bench shares: a throwaway database on the server, the real API in a child process
 * (so the load generator does not share its event loop), autocannon at 50 connections, and
 * medians over rounds in which the scenarios take turns.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openPostgres, preparedDb } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { seedBase } from '../apps/api/src/db/seed/base';
import { seedDemoRoles } from '../apps/api/src/db/seed/demo';
import {
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  PLACES,
} from '../apps/api/src/db/seed/demo-names';
import { users } from '../apps/api/src/db/schema';

export const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const CONNECTIONS = 50;
const repoRoot = path.resolve(import.meta.dirname, '..');

export const ADMIN = { email: 'bench-admin@example.in', password: 'Bench@12345' };

/** The API's settings that a bench adds (e.g. SMTP_URL), passed from parent to child. */
const CONFIG_ENV = 'BENCH_API_CONFIG';

/**
 * The child process: the API built with `buildApp` on `databaseUrl`, plus the routes `extra`
 * registers (the bench's baselines); it reports its port to the parent and stops when the
 * parent disconnects or stops it.
 */
async function serveApi(databaseUrl: string, extra: (app: FastifyInstance) => void) {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'bench-uploads-'));
  const database = openPostgres(databaseUrl);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: uploadDir,
    WEB_DIST: '/nonexistent',
    ...(JSON.parse(process.env[CONFIG_ENV] ?? '{}') as Record<string, string>),
  });
  const app = await buildApp({ config, database, logger: false });
  app.get(CPU_URL, { config: { access: 'public' } }, () => process.cpuUsage());
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
  process.on('SIGTERM', stop);
}

/** The API process's CPU time so far, in microseconds. */
export const CPU_URL = '/api/bench/cpu';

/**
 * CPU seconds used by a process, or busy and idle on the whole machine (`/proc/stat`; time the
 * hypervisor took, steal, counts as neither); null when there is no such process.
 */
async function cpuSeconds(pid?: number) {
  const text = await readFile(pid ? `/proc/${pid}/stat` : '/proc/stat', 'utf8').catch(() => null);
  if (text === null) return null;
  if (!pid) {
    const [, ...ticks] = text.split('\n')[0]!.trim().split(/\s+/).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return { busy: (ticks.slice(0, 7).reduce((a, b) => a + b, 0) - idle) / 100, idle: idle / 100 };
  }
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { busy: (Number(fields[11]) + Number(fields[12])) / 100, idle: 0 };
}

/**
 * Where the machine's CPU went while `run` ran: the API process, the PostgreSQL backends serving
 * this database (read from /proc, so only when the server is on this machine), this process
 * (the load generator and the SMTP sink), everything else on the machine, and idle.
 */
export async function cpuDuring<T>(base: string, databaseUrl: string, run: () => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const backends = async () =>
    (
      await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).rows.map((r) => r.pid);
  const apiCpu = async () => {
    const { user, system } = (await (await fetch(base + CPU_URL)).json()) as Record<string, number>;
    return (user! + system!) / 1e6;
  };
  // A backend's pid means something here only when the server runs on this machine (over
  // loopback, or a Unix socket: a host that is a directory).
  const host = decodeURIComponent(new URL(databaseUrl).hostname);
  const local = ['127.0.0.1', 'localhost', '[::1]', ''].includes(host) || host.startsWith('/');
  const pgCpu = async (pids: number[]) =>
    new Map(await Promise.all(pids.map(async (p) => [p, (await cpuSeconds(p))?.busy] as const)));
  const before = {
    pids: local ? await backends() : [],
    machine: (await cpuSeconds()) ?? { busy: Number.NaN, idle: Number.NaN },
    api: await apiCpu(),
    self: process.cpuUsage(),
  };
  const pgBefore = await pgCpu(before.pids);
  const result = await run();
  const machine = (await cpuSeconds()) ?? { busy: Number.NaN, idle: Number.NaN };
  const api = (await apiCpu()) - before.api;
  const self = process.cpuUsage(before.self);
  const pids = local ? [...new Set([...before.pids, ...(await backends())])] : [];
  const pgAfter = await pgCpu(pids);
  await client.end();
  // A backend that ended during the run took its CPU time with it: it counts as the machine's.
  const postgres = local
    ? pids.reduce(
        (sum, p) => sum + (pgAfter.get(p) ?? pgBefore.get(p) ?? 0) - (pgBefore.get(p) ?? 0),
        0,
      )
    : Number.NaN;
  const busy = machine.busy - before.machine.busy;
  const mine = (self.user + self.system) / 1e6;
  return {
    result,
    cpu: {
      api,
      postgres,
      loadGenerator: mine,
      others: busy - api - (local ? postgres : 0) - mine,
      idle: machine.idle - before.machine.idle,
    },
  };
}

/**
 * A bench script is two processes: `main` measures, and the same script run with
 * `serve <databaseUrl>` (see withApi) is the API with the bench's own `routes`.
 */
export function runBench(
  main: () => Promise<void>,
  routes: (app: FastifyInstance) => void = () => {},
) {
  if (process.argv[2] === 'serve') {
    void serveApi(process.argv[3]!, routes);
    return;
  }
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

export interface BenchApi {
  base: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const answers = (url: string) =>
  fetch(url).then(
    (res) => res.ok,
    () => false,
  );

/**
 * Starts the API in a child process, so the load generator does not share its event loop, and
 * resolves once it answers `/api/health/ready`. The child runs `module` with this process's
 * loader (tsx) and listens on `port`, or, without one, reports the port it took (serveApi).
 */
export async function startApi(options: {
  module: string;
  args?: string[];
  env?: Record<string, string>;
  execArgv?: string[];
  port?: number;
}): Promise<BenchApi> {
  if (options.port && (await answers(`http://127.0.0.1:${options.port}/api/health/live`)))
    throw new Error(`port ${options.port} is in use`);
  const child = fork(options.module, options.args ?? [], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    execArgv: [...process.execArgv, ...(options.execArgv ?? [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`the API exited with ${code ?? signal}`)),
    ),
  );
  exited.catch(() => {});
  const port =
    options.port ??
    (await Promise.race([
      new Promise<number>((resolve) =>
        child.once('message', (m) => resolve((m as { port: number }).port)),
      ),
      exited,
    ]));
  const api: BenchApi = {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
  // A seeding server on a loaded machine takes minutes; a cap so a wedged one ends the bench
  // instead of hanging it.
  const deadline = Date.now() + 600_000;
  while (!(await answers(`${api.base}/api/health/ready`))) {
    if (child.exitCode !== null || child.signalCode !== null) await exited;
    if (Date.now() > deadline) {
      await api.stop();
      throw new Error('the API did not become ready in 600 s');
    }
    await sleep(250);
  }
  return api;
}

/**
 * Runs `run` against the API on `databaseUrl`: this bench's `script` (its `import.meta.url`)
 * again as the child that runBench serves, with the extra settings `config` and node flags
 * `execArgv`, and the administrator signed in.
 */
export async function withApi(
  script: string,
  databaseUrl: string,
  options: { config?: Record<string, string>; execArgv?: string[] },
  run: (base: string, headers: Record<string, string>) => Promise<void>,
) {
  const api = await startApi({
    module: fileURLToPath(script),
    args: ['serve', databaseUrl],
    env: { [CONFIG_ENV]: JSON.stringify(options.config ?? {}) },
    execArgv: options.execArgv,
  });
  try {
    await run(api.base, await signIn(api.base));
  } finally {
    await api.stop();
  }
}

export async function measure(
  base: string,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = CONNECTIONS,
) {
  const result = await autocannon({
    url: base + url,
    connections,
    duration: seconds,
    headers,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

/**
 * The baselines' statement: ten users newest first through an index, with no response schema.
 * Prepared on the generic-plan connections, like the list's own plain pages, so the baseline is
 * as lean as a route gets.
 */
export function bareUsersQuery(app: FastifyInstance) {
  const query = preparedDb(app.db)
    .select({
      id: users.id,
      phoneNumber: users.phoneNumber,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
    })
    .from(users)
    .orderBy(desc(users.id))
    .limit(10)
    .prepare('bench_bare');
  return () => query.execute();
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

/** Signs the bench administrator in; the answer carries the session cookies. */
export async function logIn(base: string) {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res;
}

/** The bench administrator's bearer header. */
export async function signIn(base: string) {
  const { data } = (await (await logIn(base)).json()) as { data: { token: string } };
  return { authorization: `Bearer ${data.token}` };
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
  /** Given, each scenario also reports the CPU one request cost: API, PostgreSQL, load generator. */
  databaseUrl?: string,
) {
  for (const [, url] of scenarios) await measure(base, url, headers, 2);
  /** One scenario's round, with what one request cost each process when the database is known. */
  const measureRound = async (url: string) => {
    if (!databaseUrl) return { ...(await measure(base, url, headers, SECONDS)), cpu: undefined };
    const { result, cpu } = await cpuDuring(base, databaseUrl, () =>
      measure(base, url, headers, SECONDS),
    );
    const perRequest = (seconds: number) => (seconds * 1000) / (result.rps * SECONDS);
    return { ...result, cpu: [cpu.api, cpu.postgres, cpu.loadGenerator].map(perRequest) };
  };
  type Run = Awaited<ReturnType<typeof measureRound>> & { ratio: number };
  const runs = new Map<string, Run[]>();
  for (let round = 0; round < ROUNDS; round++) {
    let bare = 0;
    for (const [i, [, url]] of scenarios.entries()) {
      const m = await measureRound(url);
      if (i === 0) bare = m.rps;
      runs.set(url, [...(runs.get(url) ?? []), { ...m, ratio: m.rps / bare }]);
    }
  }
  const width = Math.max(24, ...scenarios.map(([label]) => label.length + 1));
  console.log(
    `\n${CONNECTIONS} connections; median of ${ROUNDS} rounds of ${SECONDS} s per scenario\n`,
  );
  console.log(
    `${'scenario'.padEnd(width)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'req/s'.padStart(8)}  throughput vs bare${databaseUrl ? '  CPU ms per request: API / PostgreSQL / load generator' : ''}`,
  );
  for (const [label, url] of scenarios) {
    const r = runs.get(url)!;
    const cells = [
      median(r.map((x) => x.p50)),
      median(r.map((x) => x.p99)),
      median(r.map((x) => x.rps)).toFixed(0),
    ];
    const cpu = databaseUrl
      ? '  ' + [0, 1, 2].map((k) => median(r.map((x) => x.cpu![k]!)).toFixed(3)).join(' / ')
      : '';
    console.log(
      `${label.padEnd(width)} ${cells.map((c, k) => String(c).padStart(k === 2 ? 8 : 7)).join(' ')}  ${median(
        r.map((x) => x.ratio),
      )
        .toFixed(2)
        .padEnd(18)}${cpu}`,
    );
  }
}

// The demo seed's names and towns, so the searches meet names like the ones a demo install has.
export const FIRST_NAMES = [...MALE_FIRST_NAMES, ...FEMALE_FIRST_NAMES];
export const CITIES = PLACES.map(([city]) => city);

/**
 * Runs `insert`, a bulk `INSERT INTO users`, in the client's open transaction with the per-row
 * counter triggers off (their upkeep would dominate the load), then rebuilds `user_counts` and
 * `user_search_names` once.
 */
export async function insertUsersInBulk(client: pg.Client, insert: () => Promise<unknown>) {
  await client.query('alter table users disable trigger users_count_insert_delete');
  await client.query('alter table users disable trigger users_search_names_insert_delete');
  await insert();
  await client.query('alter table users enable trigger users_count_insert_delete');
  await client.query('alter table users enable trigger users_search_names_insert_delete');
  await client.query('delete from user_counts');
  await client.query(
    'insert into user_counts (role_id, status, count) select role_id, status, count(*) from users group by 1, 2',
  );
  await client.query('delete from user_search_names');
  await client.query(
    'insert into user_search_names (name, users) select search_name, count(*) from users group by 1',
  );
}

/** Migrations, the base seed with the bench administrator, and the demo roles. */
export async function seedBaseAndRoles(databaseUrl: string) {
  const database = openPostgres(databaseUrl, 2);
  await runMigrations(database);
  await seedBase(
    database.db,
    { adminEmail: ADMIN.email, adminPassword: ADMIN.password },
    { info() {}, warn() {} },
  );
  await seedDemoRoles(database.db);
  await database.close();
}

/**
 * Migrations, the base seed, the demo roles and `count` users in one `INSERT … SELECT
 * generate_series`, with the per-row triggers off and their counters rebuilt and checked.
 */
async function seedUsers(databaseUrl: string, count: number) {
  await seedBaseAndRoles(databaseUrl);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('begin');
    await insertUsersInBulk(client, () =>
      client.query(
        `insert into users (email, phone_number, role_id, status, first_name, last_name, gender, date_of_birth,
                          address, city, state, country, pincode, created_at, updated_at)
       select 'user' || g || '@bench.example.in',
              (6000000000 + g)::text,
              case when g % 10 = 0 then (select id from roles where name = 'owner')
                   when g % 15 = 1 then (select id from roles where name = 'umpire')
                   else (select id from roles where name = 'player') end,
              (array['verified','verified','verified','pending','pending','initiated','suspended'])[1 + abs(hashint4(g)) % 7],
              f.names[1 + abs(hashint4(g + 1)) % cardinality(f.names)],
              l.names[1 + abs(hashint4(g + 2)) % cardinality(l.names)],
              (array['Male','Female','Other'])[1 + abs(hashint4(g + 3)) % 3],
              date '1970-01-01' + (abs(hashint4(g + 4)) % 12000),
              (1 + g % 250) || ', MG Road',
              c.names[1 + abs(hashint4(g + 5)) % cardinality(c.names)], 'Maharashtra', 'India',
              (400001 + g % 900)::text,
              now() - make_interval(secs => $4::int - g), now() - make_interval(secs => $4::int - g)
       from generate_series(1, $4::int) g,
            (select $1::text[] as names) f, (select $2::text[] as names) l, (select $3::text[] as names) c`,
        [FIRST_NAMES, LAST_NAMES, CITIES, count],
      ),
    );
    await client.query('commit');
    const loaded = performance.now();
    await client.query('vacuum analyze users');
    await client.query('vacuum analyze user_counts');
    await client.query('vacuum analyze user_search_names');
    // Write the load's dirty pages out now rather than during the measured rounds.
    await client.query('checkpoint');
    const { rows } = await client.query<{ counted: string; kept: string }>(
      'select (select count(*) from users) as counted, (select sum(count) from user_counts) as kept',
    );
    console.log(
      `Seeded ${count.toLocaleString('en')} users in ${((loaded - started) / 1000).toFixed(1)} s ` +
        `(+${((performance.now() - loaded) / 1000).toFixed(1)} s vacuum analyze); ` +
        `count(*) ${rows[0]!.counted}, user_counts ${rows[0]!.kept}`,
    );
    if (rows[0]!.counted !== rows[0]!.kept) throw new Error('user_counts disagrees with count(*)');
  } finally {
    await client.end();
  }
}

/**
 * A database with the demo roles, the bench administrator and `count` users named like the demo
 * seed's, loaded with one `INSERT … SELECT generate_series` when `fresh`; a kept one
 * (`BENCH_KEEP`) is only brought up to the latest migration.
 */
export async function prepareUsers(databaseUrl: string, fresh: boolean, count: number) {
  if (fresh) return seedUsers(databaseUrl, count);
  const database = openPostgres(databaseUrl, 1);
  await runMigrations(database);
  await database.close();
}

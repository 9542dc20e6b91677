/**
 * `GET /api/users` (and the top bar's `GET /api/search`) on a million users, against a bare `SELECT … LIMIT 10` route measured in
 * the same run. Run: `npx tsx bench/users-list.ts` (needs a PostgreSQL server; it creates a
 * fresh database there and drops it at the end).
 *
 *   BENCH_DATABASE_URL  server to use (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_USERS         users to seed (default 1000000)
 *   BENCH_SECONDS       measured seconds per scenario and round (default 5)
 *   BENCH_ROUNDS        rounds (default 3)
 *   BENCH_ONLY          regular expression: measure only the scenarios whose label matches
 *   BENCH_PROFILE       directory: the API process writes a V8 CPU profile there
 *   BENCH_KEEP          name of a database to seed once and keep between runs (for repeated
 *                       measurements while working on the list; dropped by hand)
 *
 * The API runs in a child process, so the load generator does not share its event loop. The
 * scenarios take turns over several rounds and each figure is the median over the rounds, so
 * a neighbour's burst of CPU use does not land on one scenario only.
 */
import type { FastifyInstance } from 'fastify';
import {
  bareUsersQuery,
  prepareUsers,
  runBench,
  runScenarios,
  withApi,
  withBenchDatabase,
} from './lib';

const USER_COUNT = Number(process.env.BENCH_USERS ?? 1_000_000);

/** The throwaway baselines: one indexed query and no response schema, without and with the access check. */
const BARE_URL = '/api/bench/bare';
const BARE_AUTHED_URL = '/api/bench/bare-authed';

function routes(app: FastifyInstance) {
  const bare = bareUsersQuery(app);
  app.get(BARE_URL, { config: { access: 'public' } }, bare);
  app.get(BARE_AUTHED_URL, { config: { access: 'users.view' } }, bare);
}

async function main() {
  await withBenchDatabase('bench_users', async (databaseUrl, fresh) => {
    await prepareUsers(databaseUrl, fresh, USER_COUNT);
    const profile = process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
    await withApi(import.meta.url, databaseUrl, { execArgv: profile }, async (base, headers) => {
      const roleList = (await (await fetch(`${base}/api/roles/active`, { headers })).json()) as {
        data: { id: number; name: string }[];
      };
      const player = roleList.data.find((r) => r.name === 'player')!.id;

      const scenarios: [label: string, url: string][] = [
        ['bare SELECT … LIMIT 10', BARE_URL],
        ['bare, behind the access check', BARE_AUTHED_URL],
        ['page 1', '/api/users?page=1&limit=10'],
        ['page 1,000', '/api/users?page=1000&limit=10'],
        ['name search "rohit sharma"', '/api/users?page=1&limit=10&name=rohit%20sharma'],
        ['name search "sharma" (broad)', '/api/users?page=1&limit=10&name=sharma'],
        ['role + status filter', `/api/users?page=1&limit=10&role_id=${player}&status=suspended`],
        // The top bar's search (decision 046): every kind the admin may view, 5 of each.
        ['top bar search "rohit sha"', '/api/search?q=rohit%20sha'],
        ['top bar search "sharma" (broad)', '/api/search?q=sharma'],
        ['top bar search email prefix', '/api/search?q=user12345%40'],
        ['top bar search phone digits', '/api/search?q=6000123'],
      ];
      for (const [label, url] of scenarios.slice(2)) {
        const res = await fetch(base + url, { headers });
        const body = (await res.json()) as {
          data: { data?: unknown[]; pagination?: { total: number }; users?: unknown[] };
        };
        const found = body.data.pagination
          ? `${body.data.data!.length} rows, total ${body.data.pagination.total.toLocaleString('en')}`
          : `${body.data.users?.length ?? 0} users found`;
        console.log(`${label.padEnd(34)} HTTP ${res.status}, ${found}`);
      }

      // BENCH_ONLY narrows the run to the scenarios whose label matches (the bare route always runs).
      const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
      await runScenarios(
        base,
        headers,
        only ? scenarios.filter(([label, url]) => url === BARE_URL || only.test(label)) : scenarios,
      );
    });
  });
}

runBench(main, routes);

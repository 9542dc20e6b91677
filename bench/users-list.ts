/**
 * `GET /api/users` (and the top bar's `GET /api/search`) on a million users, against a bare `SELECT … LIMIT 10` route measured in
 * the same run. Run: `npx tsx bench/users-list.ts` (needs a PostgreSQL server; it creates a
 * fresh database there and drops it at the end).
 *
 *   BENCH_DATABASE_URL  server to use (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_USERS         users to seed (default 1000000)
 *   BENCH_DELIVERIES    deliveries of the one large send (default 100000)
 *   BENCH_AUDIT_ROWS    records in the activity log (default 200000)
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
import pg from 'pg';
import {
  bareUsersQuery,
  prepareUsers,
  runBench,
  runScenarios,
  withApi,
  withBenchDatabase,
} from './lib';

const USER_COUNT = Number(process.env.BENCH_USERS ?? 1_000_000);
/** The large send whose deliveries are paged (issue 35). */
const DELIVERY_COUNT = Number(process.env.BENCH_DELIVERIES ?? 100_000);

/**
 * A sent notification with DELIVERY_COUNT deliveries, made once in the database (a kept one
 * already has it): its id.
 */
async function largeSend(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query<{ id: number }>(
      `select id from notification_sends where template_name = 'bench: large send'`,
    );
    if (found.rows[0]) return found.rows[0].id;
    const made = await client.query<{ id: number }>(
      `insert into notification_sends (template_name, channel, recipient_type, message, status)
       values ('bench: large send', 'email', 'all', 'Hello', 'sent') returning id`,
    );
    const id = made.rows[0]!.id;
    await client.query(
      `insert into notification_deliveries (send_id, user_id, recipient_name, address, status, sent_at)
       select $1, u.id, coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''), u.email, 'sent',
              now() - (u.id || ' seconds')::interval
       from users u order by u.id limit $2`,
      [id, DELIVERY_COUNT],
    );
    await client.query('vacuum analyze notification_deliveries');
    return id;
  } finally {
    await client.end();
  }
}

/** The activity log's size for its deep page (issue 35): more than its count's cap. */
const AUDIT_COUNT = Number(process.env.BENCH_AUDIT_ROWS ?? 200_000);

/** AUDIT_COUNT records of edits to users, a second apart, made once (a kept database has them). */
async function auditTrail(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ n }] = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from audit_logs where actor_email = 'bench@audit.test'`,
      )
    ).rows as [{ n: number }];
    if (n >= AUDIT_COUNT) return;
    await client.query(
      `insert into audit_logs (created_at, actor_email, actor_name, entity_type, entity_id, action, changes)
       select now() - (g || ' seconds')::interval, 'bench@audit.test', 'Bench', 'user',
              1 + (g * 7919) % $2, 'update', '{"city":{"before":"Pune","after":"Nagpur"}}'::jsonb
       from generate_series(1, $1) g`,
      [AUDIT_COUNT - n, USER_COUNT],
    );
    await client.query('vacuum analyze audit_logs');
  } finally {
    await client.end();
  }
}

/** The `Link` header's URL for `rel` of the answer to `url` (the pager's next or previous step). */
async function linked(base: string, url: string, headers: Record<string, string>, rel: string) {
  // A name search's first visit teaches the instance its names; keys come from then on.
  await (await fetch(base + url, { headers })).arrayBuffer();
  const res = await fetch(base + url, { headers });
  await res.arrayBuffer();
  const link = new RegExp(`<([^>]+)>; rel="${rel}"`).exec(res.headers.get('link') ?? '');
  if (!link) throw new Error(`no ${rel} link from ${url}`);
  return link[1]!;
}

/**
 * The median time of `times` single requests, one after another, after as many unmeasured
 * ones (each pooled connection prepares its statements on first use).
 */
async function single(base: string, url: string, headers: Record<string, string>, times = 21) {
  for (let i = 0; i < 2 * times; i++) await (await fetch(base + url, { headers })).arrayBuffer();
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await (await fetch(base + url, { headers })).arrayBuffer();
    took.push(performance.now() - start);
  }
  return took.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

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
    const sendId = await largeSend(databaseUrl);
    await auditTrail(databaseUrl);
    const profile = process.env.BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
    await withApi(import.meta.url, databaseUrl, { execArgv: profile }, async (base, headers) => {
      const roleList = (await (await fetch(`${base}/api/roles/active`, { headers })).json()) as {
        data: { id: number; name: string }[];
      };
      const player = roleList.data.find((r) => r.name === 'player')!.id;
      const first = (await (await fetch(`${base}/api/users?limit=10`, { headers })).json()) as {
        data: { pagination: { total_pages: number } };
      };
      const lastPage = first.data.pagination.total_pages;

      const scenarios: [label: string, url: string][] = [
        ['bare SELECT … LIMIT 10', BARE_URL],
        ['bare, behind the access check', BARE_AUTHED_URL],
        ['page 1', '/api/users?page=1&limit=10'],
        ['page 1,000', '/api/users?page=1000&limit=10'],
        // Deep pages as the pager steps to them (Next, carrying page 9,999's key), and as typed.
        [
          'page 10,000 (Next)',
          await linked(base, `/api/users?page=9999&limit=10`, headers, 'next'),
        ],
        ['page 10,000 (no key)', '/api/users?page=10000&limit=10'],
        [
          'page 50,000 (Next)',
          await linked(base, `/api/users?page=49999&limit=10`, headers, 'next'),
        ],
        ['page 50,000 (no key)', '/api/users?page=50000&limit=10'],
        ['Last page', `/api/users?page=${lastPage}&limit=10`],
        ['"sharma" page 100 (no key)', '/api/users?page=100&limit=10&name=sharma'],
        [
          '"sharma" page 100 (Next)',
          await linked(base, '/api/users?page=99&limit=10&name=sharma', headers, 'next'),
        ],
        // More distinct names than an instance remembers: scanned, and still keyed (decision 082).
        ['"a" page 100 (no key)', '/api/users?page=100&limit=10&name=a'],
        [
          '"a" page 100 (Next)',
          await linked(base, '/api/users?page=99&limit=10&name=a', headers, 'next'),
        ],
        ['sort by name, page 1', '/api/users?page=1&limit=10&sort=name'],
        ['sort by name, page 1,000 (no key)', '/api/users?page=1000&limit=10&sort=name'],
        [
          'sort by name, page 1,000 (Next)',
          await linked(base, '/api/users?page=999&limit=10&sort=name', headers, 'next'),
        ],
        ['sort by created, page 1', '/api/users?page=1&limit=10&sort=created_at&order=desc'],
        [
          'sort by created, page 1,000 (no key)',
          '/api/users?page=1000&limit=10&sort=created_at&order=desc',
        ],
        [
          'deliveries page 1,000 of 100,000',
          `/api/notifications/sends/${sendId}?page=1000&limit=10`,
        ],
        [
          'deliveries page 1,000 (Next)',
          await linked(
            base,
            `/api/notifications/sends/${sendId}?page=999&limit=10`,
            headers,
            'next',
          ),
        ],
        [
          'deliveries by recipient, page 1,000',
          `/api/notifications/sends/${sendId}?page=1000&limit=10&sort=recipient`,
        ],
        [
          'deliveries by recipient, page 1,000 (Next)',
          await linked(
            base,
            `/api/notifications/sends/${sendId}?page=999&limit=10&sort=recipient`,
            headers,
            'next',
          ),
        ],
        // The activity log counts to 10,000, so its deepest page is 1,000 (decision 084).
        ['activity log page 1', '/api/audit-logs?page=1&limit=10'],
        ['activity log page 1,000', '/api/audit-logs?page=1000&limit=10'],
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
        const answer = (await res.json()) as {
          data: {
            data?: unknown[];
            pagination?: { total: number };
            users?: unknown[];
            deliveries?: { data: unknown[]; pagination: { total: number } };
          };
        };
        // A send's answer carries its deliveries' page under `deliveries`.
        const body = { data: (answer.data.deliveries ?? answer.data) as typeof answer.data };
        const found = body.data.pagination
          ? `${body.data.data!.length} rows, total ${body.data.pagination.total.toLocaleString('en')}`
          : `${body.data.users?.length ?? 0} users found`;
        console.log(`${label.padEnd(34)} HTTP ${res.status}, ${found}`);
      }

      // Issue 35: the Last page, asked alone, within twice page 1.
      const page1 = await single(base, '/api/users?page=1&limit=10', headers);
      const last = await single(base, `/api/users?page=${lastPage}&limit=10`, headers);
      console.log(
        `single requests (median of 21): page 1 ${page1.toFixed(1)} ms, Last page ${last.toFixed(1)} ms (${(last / page1).toFixed(2)}×)`,
      );

      // BENCH_ONLY narrows the run to the scenarios whose label matches (the bare route always runs).
      const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
      await runScenarios(
        base,
        headers,
        only ? scenarios.filter(([label, url]) => url === BARE_URL || only.test(label)) : scenarios,
        databaseUrl,
      );
    });
  });
}

runBench(main, routes);

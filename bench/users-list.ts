/**
 * `GET /api/users` on a million users, against a bare `SELECT … LIMIT 10` route measured in
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
import pg from 'pg';
import { openPostgres } from '../apps/api/src/db/client';
import { runMigrations } from '../apps/api/src/db/migrate';
import { seedBase } from '../apps/api/src/db/seed/base';
import { seedDemoRoles } from '../apps/api/src/db/seed/demo';
import {
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  PLACES,
} from '../apps/api/src/db/seed/demo-names';
import { ADMIN, bareUsersQuery, runBench, runScenarios, withApi, withBenchDatabase } from './lib';

const USER_COUNT = Number(process.env.BENCH_USERS ?? 1_000_000);

// The demo seed's names and towns, so the searches meet names like the ones a demo install has.
const FIRST = [...MALE_FIRST_NAMES, ...FEMALE_FIRST_NAMES];
const CITIES = PLACES.map(([city]) => city);

/** The throwaway baselines: one indexed query and no response schema, without and with the access check. */
const BARE_URL = '/api/bench/bare';
const BARE_AUTHED_URL = '/api/bench/bare-authed';

function routes(app: FastifyInstance) {
  const bare = bareUsersQuery(app);
  app.get(BARE_URL, { config: { access: 'public' } }, bare);
  app.get(BARE_AUTHED_URL, { config: { access: 'users.view' } }, bare);
}

async function seedDatabase(databaseUrl: string) {
  const database = openPostgres(databaseUrl, 2);
  await runMigrations(database);
  await seedBase(
    database.db,
    { adminEmail: ADMIN.email, adminPassword: ADMIN.password },
    { info() {}, warn() {} },
  );
  await seedDemoRoles(database.db);
  await database.close();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    // Per-row counter upkeep would dominate a bulk load: switch it off, then recount once.
    await client.query('begin');
    await client.query('alter table users disable trigger users_count_insert_delete');
    await client.query('alter table users disable trigger users_search_names_insert_delete');
    await client.query(
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
      [FIRST, LAST_NAMES, CITIES, USER_COUNT],
    );
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
      `Seeded ${USER_COUNT.toLocaleString('en')} users in ${((loaded - started) / 1000).toFixed(1)} s ` +
        `(+${((performance.now() - loaded) / 1000).toFixed(1)} s vacuum analyze); ` +
        `count(*) ${rows[0]!.counted}, user_counts ${rows[0]!.kept}`,
    );
    if (rows[0]!.counted !== rows[0]!.kept) throw new Error('user_counts disagrees with count(*)');
  } finally {
    await client.end();
  }
}

async function main() {
  await withBenchDatabase('bench_users', async (databaseUrl, fresh) => {
    if (fresh) await seedDatabase(databaseUrl);
    else {
      const database = openPostgres(databaseUrl, 1);
      await runMigrations(database);
      await database.close();
    }
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
      ];
      for (const [label, url] of scenarios.slice(2)) {
        const res = await fetch(base + url, { headers });
        const body = (await res.json()) as {
          data: { data: unknown[]; pagination: { total: number } };
        };
        console.log(
          `${label.padEnd(30)} HTTP ${res.status}, ${body.data.data.length} rows, total ${body.data.pagination.total.toLocaleString('en')}`,
        );
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

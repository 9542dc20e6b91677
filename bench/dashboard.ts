/**
 * `GET /api/dashboard` on a million users, 100,000 matches and 2,000,000 scorecard lines,
 * against a bare `SELECT … LIMIT 10` route measured in the same run (as bench/users-list.ts).
 * Run: `npx tsx bench/dashboard.ts` (needs a PostgreSQL server; it creates a fresh database
 * there and drops it at the end).
 *
 *   BENCH_DATABASE_URL  server to use (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_USERS         users to seed (default 1000000)
 *   BENCH_MATCHES       matches to seed (default 100000)
 *   BENCH_STATS         player-stat rows to seed (default 2000000), spread over the played matches
 *   BENCH_SECONDS       measured seconds per scenario and round (default 5)
 *   BENCH_ROUNDS        rounds (default 3)
 *   BENCH_KEEP          name of a database to seed once and keep between runs
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadDashboard } from '../apps/api/src/features/dashboard/repository';
import {
  bareUsersQuery,
  insertUsersInBulk,
  runBench,
  runScenarios,
  seedBaseAndRoles,
  withApi,
  withBenchDatabase,
} from './lib';

const USER_COUNT = Number(process.env.BENCH_USERS ?? 1_000_000);
const MATCH_COUNT = Number(process.env.BENCH_MATCHES ?? 100_000);
const STAT_COUNT = Number(process.env.BENCH_STATS ?? 2_000_000);
const TEAMS = 200;
const TOURNAMENTS = 400;
const BARE_URL = '/api/bench/bare';
const DASHBOARD_URL = '/api/dashboard';
/** The dashboard's statement once per request, without the route's sharing (decision 028). */
const UNSHARED_URL = '/api/bench/dashboard-unshared';

/** The bench's routes in the API: the bare baseline and the unshared dashboard statement. */
function routes(app: FastifyInstance) {
  app.get(BARE_URL, { config: { access: 'public' } }, bareUsersQuery(app));
  app.get(UNSHARED_URL, { config: { access: 'dashboard.view' } }, () => loadDashboard(app.db));
}

async function timed(client: pg.Client, label: string, text: string, values: unknown[] = []) {
  const started = performance.now();
  await client.query(text, values);
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function seedDatabase(databaseUrl: string) {
  await seedBaseAndRoles(databaseUrl);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    console.log('Seeding:');
    await client.query('begin');
    await insertUsersInBulk(client, () =>
      timed(
        client,
        `${USER_COUNT.toLocaleString('en')} users`,
        `insert into users (email, phone_number, role_id, status, first_name, last_name, created_at, updated_at)
       select 'user' || g || '@bench.example.in', (6000000000 + g)::text,
              case when g % 10 = 0 then (select id from roles where name = 'owner')
                   when g % 15 = 1 then (select id from roles where name = 'umpire')
                   else (select id from roles where name = 'player') end,
              (array['verified','verified','verified','pending','pending','initiated','suspended'])[1 + abs(hashint4(g)) % 7],
              'Player', 'No ' || g,
              now() - make_interval(secs => $1::int - g), now() - make_interval(secs => $1::int - g)
       from generate_series(1, $1::int) g`,
        [USER_COUNT],
      ),
    );
    // The dashboard's own counters stay on: their statement-level triggers add each bulk
    // insert's counts once per group, and the counts are checked against count(*) below.
    await timed(
      client,
      `${TEAMS} teams with squads of 15`,
      `with t as (
         insert into teams (name, location, team_initials, owner_id, players_count)
         select 'Team ' || g, 'City ' || (g % 20), 'T' || g, (select min(id) from users where role_id = (select id from roles where name = 'owner')), 15
         from generate_series(1, $1::int) g returning id)
       insert into team_players (team_id, user_id, player_role)
       select t.id, (select min(id) from users) + (t.id * 15 + k) % $2::int,
              (select id from dropdown_options where category = 'player_role' order by sort_order offset k % 4 limit 1)
       from t, generate_series(0, 14) k`,
      [TEAMS, USER_COUNT],
    );
    await timed(
      client,
      `${TOURNAMENTS} tournaments`,
      `insert into tournaments (name, status, start_date, end_date)
       select 'Tournament ' || g, (array['completed','completed','live','upcoming'])[1 + g % 4],
              current_date - g * 3, current_date - g * 3 + 30
       from generate_series(1, $1::int) g`,
      [TOURNAMENTS],
    );
    // Matches over the last three years and the next month; the future ones are upcoming.
    await timed(
      client,
      `${MATCH_COUNT.toLocaleString('en')} matches`,
      `insert into matches (tournament_id, team_a_id, team_b_id, scheduled_at, status, winner_team_id, venue)
       select tr, a, b, at,
              case when at > now() then 'upcoming' when g % 50 = 0 then 'abandoned'
                   when at > now() - interval '3 hours' then 'live' else 'completed' end,
              case when at <= now() - interval '3 hours' and g % 50 <> 0 then
                     case when g % 2 = 0 then a else b end end,
              'Ground ' || (g % 40)
       from (select g,
                    (select min(id) from tournaments) + g % $2::int as tr,
                    (select min(id) from teams) + g % $3::int as a,
                    (select min(id) from teams) + (g + 1 + g % 7) % $3::int as b,
                    now() + interval '30 days' - make_interval(mins => (g * (1125 * 1440 / $1::int))::int) as at
             from generate_series(1, $1::int) g) s`,
      [MATCH_COUNT, TOURNAMENTS, TEAMS],
    );
    const played = await client.query<{ n: number }>(
      "select count(*)::int as n from matches where status in ('completed', 'live')",
    );
    // Scorecards only for played matches: enough lines in each to reach BENCH_STATS.
    const perMatch = Math.ceil(STAT_COUNT / Math.max(1, played.rows[0]!.n));
    await timed(
      client,
      `${STAT_COUNT.toLocaleString('en')} player-stat rows`,
      `insert into player_stats (match_id, user_id, team_id, runs, wickets)
       select m.id, (select min(id) from users) + ((m.id::bigint * $2 + k) * 7919) % $3::int,
              case when k % 2 = 0 then m.team_a_id else m.team_b_id end,
              abs(hashint4(m.id * 31 + k)) % 120, abs(hashint4(m.id * 37 + k)) % 6
       from (select id, team_a_id, team_b_id from matches where status in ('completed', 'live')
             order by id limit ceil($1::numeric / $2)) m,
            generate_series(0, $2::int - 1) k
       limit $1::int`,
      [STAT_COUNT, perMatch, USER_COUNT],
    );
    await timed(
      client,
      '100,000 community posts',
      `insert into community_posts (author_id, body, created_at)
       select (select min(id) from users) + (g * 7) % $1::int, 'Post ' || g,
              now() - make_interval(mins => g * 5)
       from generate_series(1, 100000) g`,
      [USER_COUNT],
    );
    await client.query('commit');
    await timed(client, 'vacuum analyze', 'vacuum analyze');
    await client.query('checkpoint');
    const { rows } = await client.query<Record<string, string>>(
      `select (select count(*) from users) = (select sum(count) from user_counts) as users,
              (select count(*) from matches) = (select sum(count) from match_counts) as matches,
              (select count(*) from tournaments) = (select sum(count) from tournament_counts) as tournaments,
              (select count(*) from community_posts) = (select sum(count) from community_post_counts) as posts,
              (select count(*) from player_stats) = (select sum(matches) from player_totals) as stats,
              (select count(player_role) from team_players) = (select sum(count) from player_role_counts) as roles,
              (select count(*) from player_stats) as stat_rows`,
    );
    console.log(`  counters agree with count(*): ${JSON.stringify(rows[0])}`);
    if (Object.values(rows[0]!).some((v) => v === (false as unknown))) {
      throw new Error('a maintained count disagrees with count(*)');
    }
  } finally {
    await client.end();
  }
}

async function main() {
  await withBenchDatabase('bench_dashboard', async (databaseUrl, fresh) => {
    if (fresh) await seedDatabase(databaseUrl);
    await withApi(import.meta.url, databaseUrl, {}, async (base, headers) => {
      const sample = (await (await fetch(base + DASHBOARD_URL, { headers })).json()) as {
        data: { stats: unknown; chartData: { matchesChartData: unknown } };
      };
      console.log(`\nDashboard stats: ${JSON.stringify(sample.data.stats)}`);
      console.log(`Chart: ${JSON.stringify(sample.data.chartData.matchesChartData)}`);
      await runScenarios(base, headers, [
        ['bare SELECT … LIMIT 10', BARE_URL],
        ['GET /api/dashboard', DASHBOARD_URL],
        ['its statement per request, unshared', UNSHARED_URL],
      ]);
    });
  });
}

runBench(main, routes);

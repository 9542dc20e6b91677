/**
 * A saved audience's live count on a million users (issue 36: "an audience's count equals a
 * direct SQL count at 1M users in under 2 s"). Each definition is counted through
 * `POST /api/audiences/count` and by a hand-written SQL statement over the same database; the
 * bench prints both counts (they must be equal, or it fails), the API's median time, and that
 * time as a ratio of a bare `select count(*) from users` timed in the same run.
 * Run: `npx tsx bench/audience-count.ts` (needs a PostgreSQL server; a fresh database there is
 * dropped at the end).
 *
 *   BENCH_DATABASE_URL  server to use (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_USERS         users to seed (default 1000000)
 *   BENCH_KEEP          name of a database to seed once and keep between runs
 */
import pg from 'pg';
import { median, prepareUsers, runBench, withApi, withBenchDatabase } from './lib';

const USER_COUNT = Number(process.env.BENCH_USERS ?? 1_000_000);
const TIMES = 7;

interface Fixture {
  teamA: number;
  teamB: number;
  tournament: number;
  match: number;
  topic: number;
  player: number;
}

/**
 * Teams of 15 over the first 30,000 users, a 16-team tournament, one fixture whose two squads
 * have answered, and 100,000 people out of the topic on email (made once in a kept database).
 */
async function prepareFixture(client: pg.Client): Promise<Fixture> {
  const one = async (text: string, values: unknown[] = []) =>
    (await client.query<{ id: number }>(text, values)).rows[0]?.id;
  if (!(await one(`select id from teams where name = 'bench audience 1'`))) {
    await client.query(`insert into teams (name, location, team_initials, owner_id)
      select 'bench audience ' || g, 'Pune', 'BA', (select min(id) from users)
      from generate_series(1, 2000) g`);
    await client.query(`insert into team_players (team_id, user_id)
      select t.id, u.id from teams t
      join users u on u.id between (select min(id) from users) + (t.id % 2000) * 15
        and (select min(id) from users) + (t.id % 2000) * 15 + 14
      where t.name like 'bench audience %'
      on conflict do nothing`);
    const tournament = await one(`insert into tournaments (name, start_date, end_date)
      values ('bench audience cup', '2030-04-01', '2030-06-01') returning id`);
    await client.query(
      `insert into tournament_teams (tournament_id, team_id)
       select $1, id from teams where name like 'bench audience %' order by id limit 16`,
      [tournament],
    );
    const [a, b] = (
      await client.query<{ id: number }>(
        `select id from teams where name like 'bench audience %' order by id limit 2`,
      )
    ).rows;
    const match = await one(
      `insert into matches (tournament_id, team_a_id, team_b_id, scheduled_at, venue)
       values ($1, $2, $3, '2030-04-05T10:00:00Z', 'Pune') returning id`,
      [tournament, a!.id, b!.id],
    );
    await client.query(
      `insert into availability (match_id, user_id, team_id, status)
       select $1, tp.user_id, tp.team_id,
         (array['pending', 'available', 'not_available', 'maybe'])[1 + tp.user_id % 4]
       from team_players tp where tp.team_id in ($2, $3) on conflict do nothing`,
      [match, a!.id, b!.id],
    );
    await client.query(`insert into messaging_consents (user_id, channel, topic_id, subscribed, source)
      select u.id, 'email', (select id from messaging_topics where name = 'Match updates'), false, 'admin'
      from users u where u.id % 10 = 3`);
    await client.query('analyze');
  }
  const [a, b] = (
    await client.query<{ id: number }>(
      `select id from teams where name like 'bench audience %' order by id limit 2`,
    )
  ).rows;
  return {
    teamA: a!.id,
    teamB: b!.id,
    tournament: (await one(`select id from tournaments where name = 'bench audience cup'`))!,
    match: (await one(
      `select id from matches where tournament_id = (select id from tournaments where name = 'bench audience cup')`,
    ))!,
    topic: (await one(`select id from messaging_topics where name = 'Match updates'`))!,
    player: (await one(`select id from roles where name = 'player'`))!,
  };
}

async function main() {
  await withBenchDatabase('bench_audience', async (databaseUrl, fresh) => {
    await prepareUsers(databaseUrl, fresh, USER_COUNT);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const f = await prepareFixture(client);
    const years = `date_part('year', age(current_date, u.date_of_birth))`;
    const cases: [label: string, definition: object, sql: string][] = [
      [
        'status is verified',
        { rules: [{ field: 'status', status: 'verified' }] },
        `u.status = 'verified'`,
      ],
      [
        'player and aged 18–25',
        {
          rules: [
            { field: 'role', role_id: f.player },
            { field: 'age', min: 18, max: 25 },
          ],
        },
        `u.role_id = ${f.player} and ${years} between 18 and 25`,
      ],
      [
        'subscribed to a topic by email',
        { rules: [{ field: 'topic', topic_id: f.topic, channel: 'email' }] },
        `coalesce((select mc.subscribed from messaging_consents mc where mc.user_id = u.id
           and mc.channel = 'email' and (mc.topic_id is null or mc.topic_id = ${f.topic})
           order by mc.id desc limit 1), true)`,
      ],
      [
        'in the tournament, not suspended',
        {
          rules: [
            { field: 'tournament', tournament_id: f.tournament },
            { field: 'status', status: 'suspended', not: true },
          ],
        },
        `u.id in (select tp.user_id from team_players tp join tournament_teams tt
           on tt.team_id = tp.team_id where tt.tournament_id = ${f.tournament})
         and u.status <> 'suspended'`,
      ],
      [
        'any: team A, available, or over 60',
        {
          match: 'any',
          rules: [
            { field: 'team', team_id: f.teamA },
            { field: 'availability', match_id: f.match, answer: 'available' },
            { field: 'age', min: 61 },
          ],
        },
        `exists (select 1 from team_players tp where tp.user_id = u.id and tp.team_id = ${f.teamA})
         or exists (select 1 from availability a where a.user_id = u.id and a.match_id = ${f.match}
           and a.status = 'available')
         or ${years} >= 61`,
      ],
      [
        'not subscribed, or pending (or / not)',
        {
          match: 'any',
          rules: [
            { field: 'topic', topic_id: f.topic, channel: 'email', not: true },
            { field: 'status', status: 'pending' },
          ],
        },
        `not coalesce((select mc.subscribed from messaging_consents mc where mc.user_id = u.id
           and mc.channel = 'email' and (mc.topic_id is null or mc.topic_id = ${f.topic})
           order by mc.id desc limit 1), true)
         or u.status = 'pending'`,
      ],
    ];

    const timed = async (run: () => Promise<number>) => {
      await run();
      const took: number[] = [];
      let value = 0;
      for (let i = 0; i < TIMES; i++) {
        const start = performance.now();
        value = await run();
        took.push(performance.now() - start);
      }
      return { value, ms: median(took) };
    };
    const sqlCount = (where: string) => async () =>
      (
        await client.query<{ n: number }>(
          `select count(*)::int as n from users u where u.erased_at is null and (${where})`,
        )
      ).rows[0]!.n;

    await withApi(import.meta.url, databaseUrl, {}, async (base, headers) => {
      const bare = await timed(sqlCount('true'));
      console.log(
        `\n${bare.value.toLocaleString('en')} users; bare count(*) ${bare.ms.toFixed(0)} ms (median of ${TIMES})\n`,
      );
      console.log(
        `${'audience'.padEnd(40)} ${'API count'.padStart(10)} ${'SQL count'.padStart(10)} ${'API ms'.padStart(7)} ${'SQL ms'.padStart(7)}  API vs bare`,
      );
      let unequal = 0;
      let slow = 0;
      for (const [label, definition, where] of cases) {
        const api = await timed(async () => {
          const res = await fetch(`${base}/api/audiences/count`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(definition),
          });
          const body = (await res.json()) as { data?: { count: number }; message: string };
          if (!res.ok) throw new Error(`${label}: ${res.status} ${body.message}`);
          return body.data!.count;
        });
        const direct = await timed(sqlCount(where));
        if (api.value !== direct.value) unequal++;
        if (api.ms >= 2000) slow++;
        console.log(
          `${label.padEnd(40)} ${api.value.toLocaleString('en').padStart(10)} ${direct.value.toLocaleString('en').padStart(10)} ${api.ms.toFixed(0).padStart(7)} ${direct.ms.toFixed(0).padStart(7)}  ${(api.ms / bare.ms).toFixed(1)}`,
        );
      }
      console.log(
        `\n${unequal === 0 ? 'every count equals its SQL count' : `${unequal} counts differ`}; ${slow === 0 ? 'every count under 2 s' : `${slow} counts took 2 s or more`}`,
      );
      if (unequal > 0) process.exitCode = 1;
    });
    await client.end();
  });
}

runBench(main);

import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_SUCCESS,
  TEAM_MESSAGES,
  USER_ERRORS,
  performanceLabel,
  type DashboardData,
} from '@cricket/contracts';
import { queryRows } from '../../db/client';
import {
  communityPosts,
  dropdownOptions,
  matches,
  playerStats,
  roles,
  teamPlayers,
  teams,
  tournaments,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { loadDashboard } from './repository';

let t: TestApp;
let token: string;
const teamIds: number[] = [];
const playerIds: number[] = [];
let tournamentId: number;

const DAY = 86_400_000;
const now = new Date();
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY);

let seq = 0;
async function person(roleId: number, first: string, status = 'verified', createdAt = new Date()) {
  seq += 1;
  const [row] = await t.db
    .insert(users)
    .values({
      firstName: first,
      lastName: `Dash${seq}`,
      email: `${first}.${seq}@dashboard.test`.toLowerCase(),
      phoneNumber: String(8_700_000_000 + seq * 37),
      roleId,
      status,
      createdAt,
    })
    .returning({ id: users.id });
  return row!.id;
}

async function match(
  a: number,
  b: number,
  scheduledAt: Date,
  status: string,
  winner: number | null = null,
) {
  const [row] = await t.db
    .insert(matches)
    .values({
      tournamentId,
      teamAId: teamIds[a]!,
      teamBId: teamIds[b]!,
      scheduledAt,
      status,
      winnerTeamId: winner === null ? null : teamIds[winner]!,
      venue: 'Eden Gardens, Kolkata',
    })
    .returning({ id: matches.id });
  return row!.id;
}

async function dashboard() {
  const res = await t.as(token, { method: 'GET', url: '/api/dashboard' });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ message: string; data: DashboardData }>();
  expect(body.message).toBe(DASHBOARD_SUCCESS.fetched);
  return body.data;
}

/** The dashboard's figures counted straight from the rows, by other queries than the endpoint's. */
async function expectedFromRows() {
  const [counts] = await queryRows<Record<string, number>>(
    t.db,
    sql`select
      (select count(*)::int from users) as "totalUsers",
      (select count(*)::int from users where status = 'verified') as "activeUsers",
      (select count(*)::int from matches) as "totalMatches",
      (select count(*)::int from matches where status = 'completed') as "completedMatches",
      (select count(*)::int from tournaments) as "totalTournaments",
      (select count(*)::int from tournaments where status = 'completed') as "completedTournaments",
      (select count(*)::int from community_posts) as "communityPosts"`,
  );
  const chart = await queryRows<{ month: string; matches: number }>(
    t.db,
    sql`select to_char(g.m, 'Mon') as month,
          (select count(*)::int from matches x
           where x.status in ('live', 'completed')
             and x.scheduled_at >= g.m at time zone 'UTC'
             and x.scheduled_at < (g.m + interval '1 month') at time zone 'UTC') as matches
        from generate_series(
          date_trunc('month', now() at time zone 'UTC') - interval '5 months',
          date_trunc('month', now() at time zone 'UTC'), interval '1 month') as g(m)
        order by g.m`,
  );
  const top = await queryRows<{
    playerId: number;
    player: string;
    runs: number;
    wickets: number;
    matches: number;
  }>(
    t.db,
    sql`select s.user_id as "playerId", u.first_name || ' ' || u.last_name as player,
          sum(s.runs)::int as runs, sum(s.wickets)::int as wickets, count(*)::int as matches
        from player_stats s join users u on u.id = s.user_id
        group by s.user_id, u.first_name, u.last_name
        order by runs desc, wickets desc, s.user_id limit 5`,
  );
  return { counts, chart, top };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const [owner, player] = await t.db
    .insert(roles)
    .values([{ name: 'owner' }, { name: 'player' }])
    .returning({ id: roles.id });
  const ownerId = await person(owner!.id, 'Olga', 'verified', daysAgo(400));
  for (const [i, name] of ['Alpha XI', 'Beta XI', 'Gamma XI'].entries()) {
    const [row] = await t.db
      .insert(teams)
      .values({ name, location: 'Pune', teamInitials: `T${i}`, ownerId })
      .returning({ id: teams.id });
    teamIds.push(row!.id);
  }
  // Registered on different days, not in id order, so "latest" must follow created_at.
  const registered = [30, 2, 90, 1, 15, 60, 7, 45];
  for (const [i, ago] of registered.entries()) {
    playerIds.push(
      await person(player!.id, `Player${i}`, i % 3 === 0 ? 'pending' : 'verified', daysAgo(ago)),
    );
  }
  const [done, live] = await t.db
    .insert(tournaments)
    .values([
      { name: 'Old Cup', status: 'completed', startDate: '2026-01-01', endDate: '2026-02-01' },
      { name: 'New League', status: 'live', startDate: '2026-06-01', endDate: '2027-06-01' },
    ])
    .returning({ id: tournaments.id });
  tournamentId = live!.id;
  expect(done).toBeDefined();

  const m1 = await match(0, 1, daysAgo(3), 'completed', 0);
  const m2 = await match(1, 2, daysAgo(1), 'live');
  const m3 = await match(2, 0, daysAgo(40), 'completed', null);
  await match(0, 2, daysAgo(70), 'abandoned');
  await match(1, 0, daysAgo(-10), 'upcoming');
  await match(2, 1, daysAgo(400), 'completed', 2);
  await match(0, 1, daysAgo(120), 'completed', 1);
  // 101 runs and 6 wickets sit just over the Excellent edges; 100 and 5 just under.
  await t.db.insert(playerStats).values([
    { matchId: m1, userId: playerIds[0]!, teamId: teamIds[0]!, runs: 60, wickets: 0 },
    { matchId: m3, userId: playerIds[0]!, teamId: teamIds[0]!, runs: 41, wickets: 1 },
    { matchId: m1, userId: playerIds[1]!, teamId: teamIds[1]!, runs: 100, wickets: 0 },
    { matchId: m1, userId: playerIds[2]!, teamId: teamIds[1]!, runs: 3, wickets: 5 },
    { matchId: m2, userId: playerIds[3]!, teamId: teamIds[1]!, runs: 12, wickets: 4 },
    { matchId: m3, userId: playerIds[3]!, teamId: teamIds[2]!, runs: 0, wickets: 2 },
    { matchId: m2, userId: playerIds[4]!, teamId: teamIds[2]!, runs: 12, wickets: 2 },
    { matchId: m3, userId: playerIds[5]!, teamId: teamIds[2]!, runs: 1, wickets: 0 },
  ]);
  await t.db.insert(communityPosts).values(
    [1, 5, 33, 200].map((ago, i) => ({
      authorId: playerIds[i]!,
      body: `Post ${i}`,
      createdAt: daysAgo(ago),
    })),
  );
});
afterAll(() => t.close());

describe('GET /api/dashboard', () => {
  it('answers the figures counted from the rows themselves', async () => {
    const data = await dashboard();
    const { counts, chart, top } = await expectedFromRows();
    expect(data.stats).toEqual(counts);
    expect(data.stats).toMatchObject({ totalMatches: 7, completedMatches: 4, communityPosts: 4 });
    expect(data.chartData.matchesChartData).toEqual(chart);
    expect(data.playerPerformance).toEqual(top);
  });

  it('lists recent matches and users newest first, with names and the winner', async () => {
    const data = await dashboard();
    const recent = await queryRows<{ id: number; winner: string | null }>(
      t.db,
      sql`select m.id, w.name as winner from matches m left join teams w on w.id = m.winner_team_id
          where m.scheduled_at <= now() order by m.scheduled_at desc limit 5`,
    );
    expect(data.recentMatches.map((m) => ({ id: m.id, winner: m.winner }))).toEqual(recent);
    expect(data.recentMatches[0]).toMatchObject({
      teamA: 'Beta XI',
      teamB: 'Gamma XI',
      status: 'live',
      winner: null,
    });
    expect(data.recentMatches[1]).toMatchObject({ teamA: 'Alpha XI', winner: 'Alpha XI' });
    const dates = data.recentMatches.map((m) => Date.parse(m.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(dates.every((d) => d <= Date.now())).toBe(true);

    const latestUsers = await queryRows<{ id: number }>(
      t.db,
      sql`select id from users order by created_at desc, id desc limit 5`,
    );
    expect(data.recentUsers.map((u) => u.id)).toEqual(latestUsers.map((u) => u.id));
    expect(data.recentUsers[0]).toMatchObject({ role: 'admin' });
  });

  it('labels six calendar months oldest first, empty months as 0, across a year boundary', async () => {
    // Far enough ahead that only these matches fall in the window; removed again afterwards.
    const game = (iso: string, status: string) => ({
      tournamentId,
      teamAId: teamIds[0]!,
      teamBId: teamIds[1]!,
      scheduledAt: new Date(iso),
      status,
      venue: 'V',
    });
    const added = await t.db
      .insert(matches)
      .values([
        game('2040-08-31T23:59:59Z', 'completed'), // before the window
        game('2040-09-01T00:00:00Z', 'completed'),
        game('2040-12-31T23:59:59Z', 'completed'),
        game('2040-12-15T10:00:00Z', 'completed'),
        game('2040-12-20T10:00:00Z', 'abandoned'), // not played
        game('2041-02-10T10:00:00Z', 'live'),
        game('2041-02-20T10:00:00Z', 'upcoming'), // still to come
      ])
      .returning({ id: matches.id });
    try {
      const data = await loadDashboard(t.db, new Date('2041-02-15T12:00:00Z'));
      expect(data.chartData.matchesChartData).toEqual([
        { month: 'Sep', matches: 1 },
        { month: 'Oct', matches: 0 },
        { month: 'Nov', matches: 0 },
        { month: 'Dec', matches: 2 },
        { month: 'Jan', matches: 0 },
        { month: 'Feb', matches: 1 },
      ]);
      expect(data.recentMatches.map((m) => m.date)).toEqual([
        '2041-02-10T10:00:00.000Z',
        '2040-12-31T23:59:59.000Z',
        '2040-12-20T10:00:00.000Z',
        '2040-12-15T10:00:00.000Z',
        '2040-09-01T00:00:00.000Z',
      ]);
    } finally {
      await t.db.delete(matches).where(
        inArray(
          matches.id,
          added.map((m) => m.id),
        ),
      );
    }
  });

  it('keeps its totals right as matches, scorecards, tournaments and posts change', async () => {
    const [m] = await t.db
      .select({ id: matches.id })
      .from(matches)
      .where(eq(matches.status, 'live'));
    await t.db
      .update(matches)
      .set({ status: 'completed', winnerTeamId: teamIds[1]!, scheduledAt: daysAgo(200) })
      .where(eq(matches.id, m!.id));
    await t.db.update(playerStats).set({ runs: 200 }).where(eq(playerStats.userId, playerIds[4]!));
    await t.db.delete(playerStats).where(eq(playerStats.userId, playerIds[5]!));
    await t.db
      .update(tournaments)
      .set({ status: 'completed' })
      .where(eq(tournaments.id, tournamentId));
    await t.db.delete(communityPosts).where(eq(communityPosts.body, 'Post 0'));
    const data = await dashboard();
    const { counts, chart, top } = await expectedFromRows();
    expect(data.stats).toEqual(counts);
    expect(data.stats).toMatchObject({ completedTournaments: 2, communityPosts: 3 });
    expect(data.chartData.matchesChartData).toEqual(chart);
    expect(data.playerPerformance).toEqual(top);
    expect(data.playerPerformance[0]).toMatchObject({ playerId: playerIds[4], runs: 200 });
    expect(data.playerPerformance.map((p) => p.playerId)).not.toContain(playerIds[5]);
  });

  it('counts squad places per playing role as squads change, a deleted team included', async () => {
    /** The role chart counted straight from team_players. */
    const rolesFromRows = () =>
      queryRows<{ name: string; value: number }>(
        t.db,
        sql`select o.name, count(*)::int as value
            from team_players tp join dropdown_options o on o.id = tp.player_role
            group by o.name order by value desc, o.name`,
      );
    const options = await t.db
      .select({ id: dropdownOptions.id })
      .from(dropdownOptions)
      .where(eq(dropdownOptions.category, 'player_role'))
      .orderBy(dropdownOptions.sortOrder);
    expect(options.length).toBeGreaterThanOrEqual(3);
    const [owner] = await t.db.select({ id: teams.ownerId }).from(teams).limit(1);
    const [spare] = await t.db
      .insert(teams)
      .values({ name: 'Spare XI', location: 'Goa', teamInitials: 'SP', ownerId: owner!.id })
      .returning({ id: teams.id });
    const squad = (teamId: number, from: number) =>
      playerIds.slice(from, from + 4).map((userId, i) => ({
        teamId,
        userId,
        playerRole: i === 3 ? null : options[i % 2]!.id,
      }));
    await t.db.insert(teamPlayers).values([...squad(teamIds[0]!, 0), ...squad(spare!.id, 2)]);
    expect((await dashboard()).chartData.playerRoleData).toEqual(await rolesFromRows());

    await t.db
      .update(teamPlayers)
      .set({ playerRole: options[2]!.id })
      .where(eq(teamPlayers.teamId, teamIds[0]!));
    await t.db.delete(teamPlayers).where(eq(teamPlayers.userId, playerIds[3]!));
    expect((await dashboard()).chartData.playerRoleData).toEqual(await rolesFromRows());

    // The squad goes with its team through the foreign key's cascade.
    await t.db.delete(teams).where(eq(teams.id, spare!.id));
    const expected = await rolesFromRows();
    expect(expected).toEqual([{ name: expect.any(String), value: 3 }]);
    expect((await dashboard()).chartData.playerRoleData).toEqual(expected);
    await t.db.delete(teamPlayers).where(eq(teamPlayers.teamId, teamIds[0]!));
    expect((await dashboard()).chartData.playerRoleData).toEqual([]);
  });

  it('labels a player Excellent only above 100 runs or above 5 wickets', () => {
    expect(performanceLabel({ runs: 100, wickets: 0 })).toBe('Good');
    expect(performanceLabel({ runs: 101, wickets: 0 })).toBe('Excellent');
    expect(performanceLabel({ runs: 0, wickets: 5 })).toBe('Good');
    expect(performanceLabel({ runs: 0, wickets: 6 })).toBe('Excellent');
  });

  it('is refused without dashboard.view', async () => {
    const { token: staff } = await t.userWith(['users.view']);
    const res = await t.as(staff, { method: 'GET', url: '/api/dashboard' });
    expect(res.statusCode).toBe(403);
  });
});

describe('match history', () => {
  it('refuses to delete a team that has matches, and changes nothing', async () => {
    const res = await t.as(token, { method: 'DELETE', url: `/api/teams/${teamIds[2]}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: TEAM_MESSAGES.hasMatchHistory });
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from teams where id = ${teamIds[2]!}`,
    );
    expect(row!.n).toBe(1);
  });

  it('refuses to delete a user with scorecards, and changes nothing', async () => {
    const res = await t.as(token, { method: 'DELETE', url: `/api/users/${playerIds[0]}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: USER_ERRORS.hasMatchHistory });
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from player_stats where user_id = ${playerIds[0]!}`,
    );
    expect(row!.n).toBe(2);
  });

  it('still deletes a user without scorecards, with their posts', async () => {
    const userId = playerIds[7]!;
    await t.db.insert(communityPosts).values({ authorId: userId, body: 'Bye' });
    const before = (await dashboard()).stats.communityPosts;
    const res = await t.as(token, { method: 'DELETE', url: `/api/users/${userId}` });
    expect(res.statusCode).toBe(200);
    expect((await dashboard()).stats.communityPosts).toBe(before - 1);
  });
});

import { sql } from 'drizzle-orm';
import {
  DASHBOARD_CHART_MONTHS,
  DASHBOARD_LIST_SIZE,
  PLAYED_MATCH_STATUSES,
  fullName,
  type DashboardData,
} from '@cricket/contracts';
import { preparedOnce, type Db } from '../../db/client';
import {
  communityPostCounts,
  dropdownOptions,
  matchCounts,
  matches,
  playerRoleCounts,
  playerTotals,
  roles,
  teams,
  tournamentCounts,
  userCounts,
  users,
} from '../../db/schema';

const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** The first day (UTC) of the month `back` months before `now`'s. */
const monthStart = (now: Date, back: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

interface DashboardRow {
  user_totals: { total: number; active: number };
  match_totals: { total: number; completed: number };
  tournament_totals: { total: number; completed: number };
  posts: number;
  months: { month: string; matches: number }[] | null;
  recent_matches:
    | {
        id: number;
        teamA: string;
        teamB: string;
        date: string;
        status: string;
        winner: string | null;
      }[]
    | null;
  recent_users:
    | {
        id: number;
        first_name: string | null;
        last_name: string | null;
        email: string;
        role: string;
      }[]
    | null;
  top_players:
    | {
        playerId: number;
        first_name: string | null;
        last_name: string | null;
        runs: number;
        wickets: number;
        matches: number;
      }[]
    | null;
  player_roles: { name: string; value: number }[] | null;
}

/**
 * The whole dashboard in one statement, prepared once per database and run with the generic
 * plan (see preparedDb): planning this statement costs more than running it.
 */
function dashboardStatement(db: Db) {
  const limit = sql.raw(String(DASHBOARD_LIST_SIZE));
  return preparedOnce(db, 'dashboard', (prepared) =>
    prepared
      .select({
        user_totals: sql<DashboardRow['user_totals']>`(select json_build_object(
         'total', coalesce(sum(${userCounts.count}), 0),
         'active', coalesce(sum(${userCounts.count}) filter (where ${userCounts.status} = 'verified'), 0))
       from ${userCounts})`,
        match_totals: sql<DashboardRow['match_totals']>`(select json_build_object(
         'total', coalesce(sum(${matchCounts.count}), 0),
         'completed', coalesce(sum(${matchCounts.count}) filter (where ${matchCounts.status} = 'completed'), 0))
       from ${matchCounts})`,
        tournament_totals: sql<DashboardRow['tournament_totals']>`(select json_build_object(
         'total', coalesce(sum(${tournamentCounts.count}), 0),
         'completed', coalesce(sum(${tournamentCounts.count}) filter (where ${tournamentCounts.status} = 'completed'), 0))
       from ${tournamentCounts})`,
        posts: sql<
          DashboardRow['posts']
        >`(select coalesce(sum(${communityPostCounts.count}), 0)::int from ${communityPostCounts})`,
        months: sql<
          DashboardRow['months']
        >`(select json_agg(json_build_object('month', m.month, 'matches', m.n))
       from (select ${matchCounts.month} as month, sum(${matchCounts.count})::int as n
             from ${matchCounts}
             where ${matchCounts.month} >= ${sql.placeholder('from')}::date
               and ${matchCounts.status} in ${PLAYED_MATCH_STATUSES}
             group by ${matchCounts.month}) m)`,
        recent_matches: sql<DashboardRow['recent_matches']>`(select json_agg(json_build_object(
         'id', r.id, 'teamA', r.team_a, 'teamB', r.team_b, 'date', r.scheduled_at,
         'status', r.status, 'winner', r.winner) order by r.scheduled_at desc, r.id desc)
       from (select m.id, m.scheduled_at, m.status, ta.name as team_a, tb.name as team_b, w.name as winner
             from ${matches} m
             join ${teams} ta on ta.id = m.team_a_id
             join ${teams} tb on tb.id = m.team_b_id
             left join ${teams} w on w.id = m.winner_team_id
             where m.scheduled_at <= ${sql.placeholder('now')}::timestamptz
             order by m.scheduled_at desc, m.id desc
             limit ${limit}) r)`,
        recent_users: sql<DashboardRow['recent_users']>`(select json_agg(json_build_object(
         'id', r.id, 'first_name', r.first_name, 'last_name', r.last_name, 'email', r.email,
         'role', r.role) order by r.created_at desc, r.id desc)
       from (select u.id, u.first_name, u.last_name, u.email, u.created_at, ro.name as role
             from ${users} u join ${roles} ro on ro.id = u.role_id
             order by u.created_at desc, u.id desc
             limit ${limit}) r)`,
        top_players: sql<DashboardRow['top_players']>`(select json_agg(json_build_object(
         'playerId', r.user_id, 'first_name', r.first_name, 'last_name', r.last_name,
         'runs', r.runs, 'wickets', r.wickets, 'matches', r.matches)
         order by r.runs desc, r.wickets desc, r.user_id)
       from (select t.user_id, t.runs, t.wickets, t.matches, u.first_name, u.last_name
             -- The top five first, straight off player_totals_top_idx (whose order this
             -- repeats, nulls last included), and only then their names.
             from (select * from ${playerTotals}
                   where ${playerTotals.matches} > 0
                   order by ${playerTotals.runs} desc nulls last, ${playerTotals.wickets} desc nulls last,
                     ${playerTotals.userId}
                   limit ${limit}) t
             join ${users} u on u.id = t.user_id) r)`,
        player_roles: sql<
          DashboardRow['player_roles']
        >`(select json_agg(json_build_object('name', r.name, 'value', r.n) order by r.n desc, r.name)
       from (select o.name, sum(c.count)::int as n
             from ${playerRoleCounts} c join ${dropdownOptions} o on o.id = c.player_role
             where c.count > 0
             group by o.name) r)`,
      })
      .from(sql`(values (1)) as one (x)`)
      .prepare('dashboard'),
  );
}

/**
 * The dashboard. Every total, the monthly figures and the role chart come from the summary
 * tables the triggers of migrations 0002, 0009 and 0015 keep; the three short lists walk an
 * index from its newest or highest end (matches_scheduled_idx, users_created_at_id_idx,
 * player_totals_top_idx) and stop after five rows. Nothing here reads the big tables whole.
 *
 * - active users: users whose status is verified;
 * - recent matches: scheduled at or before `now`, latest first (a match still to come is not
 *   recent); recent users: latest registered first;
 * - top players: most career runs, then most wickets, over all their scorecards;
 * - the chart: matches live or completed (PLAYED_MATCH_STATUSES) per calendar month (UTC) of
 *   their scheduled date, for the last DASHBOARD_CHART_MONTHS months including this one.
 */
export async function loadDashboard(db: Db, now = new Date()): Promise<DashboardData> {
  const [row] = await dashboardStatement(db).execute({
    from: isoDay(monthStart(now, DASHBOARD_CHART_MONTHS - 1)),
    now: now.toISOString(),
  });
  const d = row!;

  const played = new Map((d.months ?? []).map((m) => [m.month.slice(0, 7), m.matches]));
  const matchesChartData = Array.from({ length: DASHBOARD_CHART_MONTHS }, (_, i) => {
    const month = monthStart(now, DASHBOARD_CHART_MONTHS - 1 - i);
    return { month: shortMonth.format(month), matches: played.get(isoDay(month).slice(0, 7)) ?? 0 };
  });

  return {
    stats: {
      totalUsers: Number(d.user_totals.total),
      activeUsers: Number(d.user_totals.active),
      totalMatches: Number(d.match_totals.total),
      completedMatches: Number(d.match_totals.completed),
      totalTournaments: Number(d.tournament_totals.total),
      completedTournaments: Number(d.tournament_totals.completed),
      communityPosts: Number(d.posts),
    },
    recentMatches: (d.recent_matches ?? []).map((m) => ({
      ...m,
      date: new Date(m.date).toISOString(),
    })),
    recentUsers: (d.recent_users ?? []).map((u) => ({
      id: u.id,
      name: fullName(u),
      email: u.email,
      role: u.role,
    })),
    playerPerformance: (d.top_players ?? []).map((p) => ({
      playerId: p.playerId,
      player: fullName(p),
      runs: p.runs,
      wickets: p.wickets,
      matches: p.matches,
    })),
    chartData: { matchesChartData, playerRoleData: d.player_roles ?? [] },
  };
}

import { desc, eq, sql } from 'drizzle-orm';
import { DASHBOARD_CHART_MONTHS, fullName, type DashboardData } from '@cricket/contracts';
import type { Db } from '../../db/client';
import { dropdownOptions, roles, teamPlayers, userCounts, users } from '../../db/schema';

const monthLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The platform has no match, tournament or community-post records yet, so those figures are
 * honest zeros and empty lists; users and squads are real.
 */
export async function loadDashboard(db: Db, now = new Date()): Promise<DashboardData> {
  const [counts, recent, roleSplit] = await Promise.all([
    db
      .select({
        total: sql<number>`coalesce(sum(${userCounts.count}), 0)::int`,
        active: sql<number>`coalesce(sum(${userCounts.count}) filter (where ${userCounts.status} = 'verified'), 0)::int`,
      })
      .from(userCounts),
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: roles.name,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(5),
    db
      .select({ role: dropdownOptions.name, count: sql<number>`count(*)::int` })
      .from(teamPlayers)
      .innerJoin(dropdownOptions, eq(dropdownOptions.id, teamPlayers.playerRole))
      .groupBy(dropdownOptions.name)
      .orderBy(desc(sql`count(*)`)),
  ]);

  const months = Array.from({ length: DASHBOARD_CHART_MONTHS }, (_, i) => {
    const d = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (DASHBOARD_CHART_MONTHS - 1 - i), 1),
    );
    return { month: monthLabel.format(d), matches: 0 };
  });

  return {
    stats: {
      totalUsers: counts[0]?.total ?? 0,
      activeUsers: counts[0]?.active ?? 0,
      totalMatches: 0,
      completedMatches: 0,
      totalTournaments: 0,
      completedTournaments: 0,
      communityPosts: 0,
    },
    recentMatches: [],
    recentUsers: recent.map((u) => ({
      id: u.id,
      name: fullName({ first_name: u.firstName, last_name: u.lastName }),
      email: u.email,
      role: u.role,
    })),
    playerPerformance: [],
    chartData: { matchesChartData: months, playerRoleData: roleSplit },
  };
}

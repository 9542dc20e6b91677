import { z } from 'zod';

/** Spec §3 "Dashboard response". */
export const dashboardData = z.object({
  stats: z.object({
    totalUsers: z.number().int(),
    activeUsers: z.number().int(),
    totalMatches: z.number().int(),
    completedMatches: z.number().int(),
    totalTournaments: z.number().int(),
    completedTournaments: z.number().int(),
    communityPosts: z.number().int(),
  }),
  recentMatches: z.array(
    z.object({
      id: z.number().int(),
      teamA: z.string(),
      teamB: z.string(),
      date: z.string(),
      status: z.string(),
      winner: z.string().nullable(),
    }),
  ),
  recentUsers: z.array(
    z.object({ id: z.number().int(), name: z.string(), email: z.string(), role: z.string() }),
  ),
  playerPerformance: z.array(
    z.object({
      playerId: z.number().int(),
      player: z.string(),
      runs: z.number().int(),
      wickets: z.number().int(),
      matches: z.number().int(),
    }),
  ),
  chartData: z.object({
    /** The last DASHBOARD_CHART_MONTHS calendar months (UTC), oldest first, by short month name. */
    matchesChartData: z.array(z.object({ month: z.string(), matches: z.number().int() })),
    /** Squad places per player role. */
    playerRoleData: z.array(z.object({ name: z.string(), value: z.number().int() })),
  }),
});
export type DashboardData = z.infer<typeof dashboardData>;

/** How many recent matches, recent users and top players the dashboard lists. */
export const DASHBOARD_LIST_SIZE = 5;

/** Spec §9: Excellent when runs exceed 100 or wickets exceed 5. */
export const performanceLabel = (p: { runs: number; wickets: number }) =>
  p.runs > 100 || p.wickets > 5 ? 'Excellent' : 'Good';

export const DASHBOARD_CHART_MONTHS = 6;

/** The `message` of the API's successful answers in this feature. */
export const DASHBOARD_SUCCESS = {
  fetched: 'Dashboard data fetched successfully',
} as const;

/** The dashboard's error and empty states (spec §3). */
export const DASHBOARD_MESSAGES = {
  loadFailed: 'Failed to load dashboard data. Please try again.',
  empty: 'No dashboard data available.',
  recentMatchesEmpty: 'No recent matches found',
  recentUsersEmpty: 'No recent users found',
  playerPerformanceEmpty: 'No player performance data available',
} as const;

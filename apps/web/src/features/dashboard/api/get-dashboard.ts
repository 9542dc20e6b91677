import type { DashboardData } from '@cricket/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { dashboardKeys } from './keys';

export type { DashboardData };
export type RecentMatch = DashboardData['recentMatches'][number];
export type RecentUser = DashboardData['recentUsers'][number];
export type PlayerPerformance = DashboardData['playerPerformance'][number];

/** GET /dashboard; `null` when the server answers without data. */
export async function getDashboard(signal?: AbortSignal): Promise<DashboardData | null> {
  const response = await request<DashboardData | undefined>('/dashboard', { signal });
  return response.data ?? null;
}

export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: ({ signal }) => getDashboard(signal),
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}

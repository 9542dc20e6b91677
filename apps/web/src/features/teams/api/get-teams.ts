import type { Pagination, Team } from '@cricket/contracts';
import type { SortParams } from '@/components/list-page';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { teamKeys } from './keys';

export interface TeamsParams extends SortParams {
  page: number;
  limit: number;
  /** Spec §7: team name and location text joined by a space. */
  search?: string;
  is_active?: 'true' | 'false';
}

/** GET /teams */
export async function getTeams(params: TeamsParams, signal?: AbortSignal) {
  const body = await request<{ data: Team[]; pagination: Pagination }>('/teams', {
    query: { ...params },
    signal,
  });
  return body.data;
}

export const teamsQuery = (params: TeamsParams) =>
  queryOptions({
    queryKey: teamKeys.list(params),
    queryFn: ({ signal }) => getTeams(params, signal),
    placeholderData: keepPreviousData,
  });

import type { TeamDetails } from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { teamKeys } from './keys';

export interface TeamPlayersPage {
  page: number;
  limit: number;
}

/** GET /teams/{id}: the team, its owner and captain, and a page of its squad. */
export async function getTeam(id: number, params: TeamPlayersPage, signal?: AbortSignal) {
  const body = await request<TeamDetails>(`/teams/${id}`, { query: { ...params }, signal });
  return body.data;
}

export const teamQuery = (id: number, params: TeamPlayersPage) =>
  queryOptions({
    queryKey: teamKeys.detail(id, params),
    queryFn: ({ signal }) => getTeam(id, params, signal),
    placeholderData: keepPreviousData,
  });

import type { Pagination, TournamentRow, TournamentStatus } from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SortParams } from '@/components/list-page';
import { request } from '@/lib/http';
import { matchKeys } from './keys';

export interface TournamentsParams extends SortParams {
  page: number;
  limit: number;
  search?: string;
  status?: TournamentStatus;
}

/** GET /tournaments: one page, the latest to start first. */
export async function getTournaments(params: TournamentsParams, signal?: AbortSignal) {
  const body = await request<{ data: TournamentRow[]; pagination: Pagination }>('/tournaments', {
    query: { ...params },
    signal,
  });
  return body.data;
}

/** The tournaments list screen's page. */
export const tournamentsQuery = (params: TournamentsParams) =>
  queryOptions({
    queryKey: matchKeys.tournamentList(params),
    queryFn: ({ signal }) => getTournaments(params, signal),
    placeholderData: keepPreviousData,
  });

/** The largest page the API serves: the tournament filter offers every tournament on it. */
const TOURNAMENT_OPTIONS_LIMIT = 100;

/** The matches screen's tournament filter. */
export const tournamentOptionsQuery = queryOptions({
  queryKey: matchKeys.tournaments,
  queryFn: async ({ signal }) =>
    (await getTournaments({ page: 1, limit: TOURNAMENT_OPTIONS_LIMIT }, signal)).data,
});

import type { MatchRow, MatchStatus, Pagination, TournamentRow } from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { matchKeys } from './keys';

export interface MatchesParams {
  page: number;
  limit: number;
  search?: string;
  tournament_id?: string;
  status?: MatchStatus | '';
}

export interface MatchesPage {
  data: MatchRow[];
  pagination: Pagination;
}

/** GET /matches: one page, newest first, with the filters the list shows. */
export const matchesQuery = (params: MatchesParams) =>
  queryOptions({
    queryKey: matchKeys.list(params),
    queryFn: async ({ signal }) =>
      (await request<MatchesPage>('/matches', { query: { ...params }, signal })).data,
    placeholderData: keepPreviousData,
  });

/** The largest page the API serves: the tournament filter offers every tournament on it. */
const TOURNAMENT_OPTIONS_LIMIT = 100;

export const tournamentsQuery = queryOptions({
  queryKey: matchKeys.tournaments,
  queryFn: async ({ signal }) =>
    (
      await request<{ data: TournamentRow[]; pagination: Pagination }>('/tournaments', {
        query: { page: 1, limit: TOURNAMENT_OPTIONS_LIMIT },
        signal,
      })
    ).data.data,
});

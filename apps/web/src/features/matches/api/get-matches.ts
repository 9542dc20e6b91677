import type { MatchRow, MatchStatus, Pagination } from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SortParams } from '@/components/list-page';
import { request } from '@/lib/http';
import { matchKeys } from './keys';

export interface MatchesParams extends SortParams {
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

import type { AvailablePlayer, Pagination } from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { teamKeys } from './keys';

export interface AvailablePlayersParams {
  page: number;
  limit: number;
  search?: string;
}

/** GET /teams/{id}/players: players who can be picked, marked when already in the team. */
export async function getAvailablePlayers(
  teamId: number,
  params: AvailablePlayersParams,
  signal?: AbortSignal,
) {
  const body = await request<{ data: AvailablePlayer[]; pagination: Pagination }>(
    `/teams/${teamId}/players`,
    {
      query: { ...params },
      signal,
    },
  );
  return body.data;
}

export const availablePlayersQuery = (teamId: number, params: AvailablePlayersParams) =>
  queryOptions({
    queryKey: teamKeys.available(teamId, params),
    queryFn: ({ signal }) => getAvailablePlayers(teamId, params, signal),
    placeholderData: keepPreviousData,
  });

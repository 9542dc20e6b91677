import type { PointsTableRow, TournamentDetails } from '@cricket/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { matchKeys } from './keys';

/** GET /tournaments/{id}: the tournament, its teams and its fixtures. */
export async function getTournament(id: number, signal?: AbortSignal) {
  const body = await request<TournamentDetails>(`/tournaments/${id}`, { signal });
  return body.data;
}

export const tournamentQuery = (id: number) =>
  queryOptions({
    queryKey: matchKeys.tournament(id),
    queryFn: ({ signal }) => getTournament(id, signal),
  });

/** GET /tournaments/{id}/points-table: confirmed results only. */
export const pointsTableQuery = (id: number) =>
  queryOptions({
    queryKey: matchKeys.pointsTable(id),
    queryFn: async ({ signal }) =>
      (await request<{ rows: PointsTableRow[] }>(`/tournaments/${id}/points-table`, { signal }))
        .data.rows,
  });

import type {
  AvailabilityAnswer,
  AvailabilityPage,
  AvailabilityStatus,
  FixtureAvailability,
  TeamSelection,
} from '@cricket/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { matchKeys } from './keys';

const publicUrl = (token: string) => `/public/availability/${encodeURIComponent(token)}`;

/** GET /public/availability/{token}: what the person's link shows. */
export const publicAvailabilityQuery = (token: string) =>
  queryOptions({
    queryKey: matchKeys.publicAvailability(token),
    queryFn: async ({ signal }) =>
      (await request<AvailabilityPage>(publicUrl(token), { signal })).data,
    // A link that is not valid stays not valid: no retries.
    retry: false,
  });

/** POST /public/availability/{token}: the answer is the page as it now stands. */
export function useAnswerAvailability(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answer: AvailabilityAnswer) =>
      (await request<AvailabilityPage>(publicUrl(token), { method: 'POST', body: { answer } }))
        .data,
    onSuccess: (data) => queryClient.setQueryData(matchKeys.publicAvailability(token), data),
  });
}

/** How often the availability on screen is read again while open: answers arrive by mail. */
const LIVE_MS = 15_000;

/** GET /matches/{id}/availability */
export const fixtureAvailabilityQuery = (matchId: number) =>
  queryOptions({
    queryKey: matchKeys.availability(matchId),
    queryFn: async ({ signal }) =>
      (await request<FixtureAvailability>(`/matches/${matchId}/availability`, { signal })).data,
    refetchInterval: LIVE_MS,
  });

export interface GridPlayer {
  user_id: number;
  name: string;
  answers: Record<string, AvailabilityStatus>;
}

/** GET /tournaments/{id}/availability?team_id=: a team's players by the tournament's fixtures. */
export const availabilityGridQuery = (tournamentId: number, teamId: number) =>
  queryOptions({
    queryKey: matchKeys.availabilityGrid(tournamentId, teamId),
    queryFn: async ({ signal }) =>
      (
        await request<{ players: GridPlayer[] }>(`/tournaments/${tournamentId}/availability`, {
          query: { team_id: teamId },
          signal,
        })
      ).data.players,
    refetchInterval: LIVE_MS,
  });

/** GET /matches/{id}/selection?team_id=: the team's squad with answers, eligibility and slots. */
export const selectionQuery = (matchId: number, teamId: number) =>
  queryOptions({
    queryKey: matchKeys.selection(matchId, teamId),
    queryFn: async ({ signal }) =>
      (
        await request<TeamSelection>(`/matches/${matchId}/selection`, {
          query: { team_id: teamId },
          signal,
        })
      ).data,
  });

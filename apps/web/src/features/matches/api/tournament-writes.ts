import type {
  AvailabilityAskValues,
  Fixture,
  FixturePreview,
  FixtureScheduleValues,
  PublishSheetInput,
  PromoteReserveValues,
  SelectionLeadersValues,
  SelectionValues,
  TeamSelection,
  PenaltyInput,
  ResultValues,
  Tournament,
  TournamentValues,
} from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { matchKeys } from './keys';

/*
 * A tournament's writes (issue 36). Each one refreshes every matches query: the lists, the
 * tournament's page and its points table all read what it changed.
 */

function useMatchesWrite<Args, Result>(write: (args: Args) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: matchKeys.all }),
  });
}

/** POST /tournaments */
export const useCreateTournament = () =>
  useMatchesWrite(
    async (values: TournamentValues) =>
      (await request<{ tournament: Tournament }>('/tournaments', { method: 'POST', body: values }))
        .data.tournament,
  );

/** PUT /tournaments/{id}, under the version the form read. */
export const useUpdateTournament = () =>
  useMatchesWrite(
    async ({ id, values, ifMatch }: { id: number; values: TournamentValues; ifMatch?: string }) =>
      (
        await request<{ tournament: Tournament }>(`/tournaments/${id}`, {
          method: 'PUT',
          body: values,
          ifMatch,
        })
      ).data.tournament,
  );

/** POST /tournaments/{id}/fixtures/generate */
export const useGenerateFixtures = () =>
  useMatchesWrite(async (id: number) => {
    const body = await request<{ fixtures: Fixture[] }>(`/tournaments/${id}/fixtures/generate`, {
      method: 'POST',
    });
    return body.message;
  });

/** POST /tournaments/{id}/fixtures/next-round: a knockout's next round from its winners. */
export const useDrawNextRound = () =>
  useMatchesWrite(
    async (id: number) =>
      (
        await request<{ fixtures: Fixture[] }>(`/tournaments/${id}/fixtures/next-round`, {
          method: 'POST',
        })
      ).message,
  );

/** PUT /matches/{id}/result */
export const useEnterResult = () =>
  useMatchesWrite(
    async ({ id, values }: { id: number; values: ResultValues }) =>
      (
        await request<{ fixture: Fixture }>(`/matches/${id}/result`, {
          method: 'PUT',
          body: values,
        })
      ).message,
  );

/** POST /matches/{id}/result/confirm */
export const useConfirmResult = () =>
  useMatchesWrite(
    async (id: number) =>
      (await request<{ fixture: Fixture }>(`/matches/${id}/result/confirm`, { method: 'POST' }))
        .message,
  );

/** POST /tournaments/{id}/penalties */
export const useAddPenalty = () =>
  useMatchesWrite(
    async ({ id, values }: { id: number; values: PenaltyInput }) =>
      (await request(`/tournaments/${id}/penalties`, { method: 'POST', body: values })).message,
  );

/** POST /matches/{id}/availability/ask */
export const useAskAvailability = () =>
  useMatchesWrite(
    async ({ id, values }: { id: number; values: AvailabilityAskValues }) =>
      (
        await request<{ players: number }>(`/matches/${id}/availability/ask`, {
          method: 'POST',
          body: values,
        })
      ).message,
  );

/** PUT /matches/{id}/selection */
export const useSaveSelection = () =>
  useMatchesWrite(
    async ({ id, values }: { id: number; values: SelectionValues }) =>
      (await request<TeamSelection>(`/matches/${id}/selection`, { method: 'PUT', body: values }))
        .data,
  );

/** POST /matches/{id}/selection/publish */
export const usePublishSheet = () =>
  useMatchesWrite(
    async ({ id, values }: { id: number; values: PublishSheetInput }) =>
      (
        await request<{ notified: number }>(`/matches/${id}/selection/publish`, {
          method: 'POST',
          body: values,
        })
      ).message,
  );

/** POST /matches/{id}/selection/promote: a reserve into a withdrawn player's place. */
export const usePromoteReserve = () =>
  useMatchesWrite(async ({ id, values }: { id: number; values: PromoteReserveValues }) => {
    const body = await request<TeamSelection>(`/matches/${id}/selection/promote`, {
      method: 'POST',
      body: values,
    });
    return { selection: body.data, message: body.message };
  });

/** PUT /matches/{id}/selection/leaders: the captain and keeper named again after the sheet. */
export const useChangeLeaders = () =>
  useMatchesWrite(async ({ id, values }: { id: number; values: SelectionLeadersValues }) => {
    const body = await request<TeamSelection>(`/matches/${id}/selection/leaders`, {
      method: 'PUT',
      body: values,
    });
    return { selection: body.data, message: body.message };
  });

/** POST /tournaments/{id}/fixtures/import/preview: a dry run, so nothing to refresh. */
export const usePreviewFixtureImport = () =>
  useMutation({
    mutationFn: async ({ id, csv }: { id: number; csv: string }) =>
      request<{ fixtures: FixturePreview[] }>(`/tournaments/${id}/fixtures/import/preview`, {
        method: 'POST',
        body: { csv },
      }),
  });

/** POST /tournaments/{id}/fixtures/import */
export const useImportFixtures = () =>
  useMatchesWrite(
    async ({ id, csv }: { id: number; csv: string }) =>
      (
        await request<{ fixtures: Fixture[] }>(`/tournaments/${id}/fixtures/import`, {
          method: 'POST',
          body: { csv },
        })
      ).message,
  );

/** PUT /matches/{id}/schedule */
export const useMoveFixture = () =>
  useMatchesWrite(
    async ({ id, values }: { id: number; values: FixtureScheduleValues }) =>
      (
        await request<{ fixture: Fixture; told: number }>(`/matches/${id}/schedule`, {
          method: 'PUT',
          body: values,
        })
      ).message,
  );

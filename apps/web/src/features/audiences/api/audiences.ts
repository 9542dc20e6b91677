import {
  type ActiveRole,
  type Audience,
  type AudienceCount,
  type AudienceDefinition,
  type AudiencesPage,
  type AudienceValues,
  type MatchRow,
  type Pagination,
  type Team,
  type TournamentRow,
} from '@cricket/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SortParams } from '@/components/list-page';
import type { PickerPageParams } from '@/components/use-paged-picker';
import { request, type VersionedId } from '@/lib/http';
import { roleKeys } from '@/lib/query-keys';
import { audienceKeys } from './keys';

export interface AudiencesParams extends SortParams {
  page: number;
  limit: number;
  search?: string;
}

/** GET /audiences: `audiences` and `pagination`. */
async function getAudiences(params: AudiencesParams, signal?: AbortSignal) {
  return (await request<AudiencesPage>('/audiences', { query: { ...params }, signal })).data;
}

export const audiencesQuery = (params: AudiencesParams) =>
  queryOptions({
    queryKey: audienceKeys.list(params),
    queryFn: ({ signal }) => getAudiences(params, signal),
    placeholderData: keepPreviousData,
  });

/** GET /audiences/{_id}: the audience as stored now (an edit conflict's Reload). */
export async function getAudience(id: number) {
  return (await request<{ audience: Audience }>(`/audiences/${id}`)).data.audience;
}

/** POST /audiences/count: how many people the rules hold now. */
export const audienceCountQuery = (definition: AudienceDefinition) =>
  queryOptions({
    queryKey: audienceKeys.count(definition),
    queryFn: async ({ signal }) =>
      (
        await request<AudienceCount>('/audiences/count', {
          method: 'POST',
          body: definition,
          signal,
        })
      ).data.count,
    placeholderData: keepPreviousData,
    retry: false,
  });

type Option = { value: string; label: string };

/** A fixture as a rule names it (the API's `rule_records` words it the same). */
export const fixtureName = (m: MatchRow) =>
  `${m.team_a.name} v ${m.team_b.name}, ${m.scheduled_at.slice(0, 10)}`;

/** What a rule can name from a short list: the active roles, as a select's options. */
export const roleOptionsQuery = queryOptions({
  queryKey: roleKeys.active,
  queryFn: async ({ signal }) => (await request<ActiveRole[]>('/roles/active', { signal })).data,
  select: (roles): Option[] => roles.map((r) => ({ value: String(r.id), label: r.name })),
});

/** One page of a list a rule picks its record from, searched by the list's own `search`. */
const pickerPage =
  <Row>(kind: string, path: string, fixed: Record<string, string>) =>
  (params: PickerPageParams) =>
    queryOptions({
      queryKey: audienceKeys.options(kind, params),
      queryFn: async ({ signal }) =>
        (
          await request<{ data: Row[]; pagination: Pagination }>(path, {
            query: { ...fixed, ...params },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    });

/** The teams, tournaments and upcoming fixtures a rule picks from, any number of them. */
export const rulePickerQueries = {
  team: pickerPage<Team>('teams', '/teams', { sort: 'name' }),
  tournament: pickerPage<TournamentRow>('tournaments', '/tournaments', {}),
  fixture: pickerPage<MatchRow>('fixtures', '/matches', {
    status: 'upcoming',
    sort: 'scheduled_at',
    order: 'asc',
  }),
};

async function createAudience(values: AudienceValues) {
  return (await request<{ audience: Audience }>('/audiences', { method: 'POST', body: values }))
    .data.audience;
}

async function updateAudience({
  id,
  values,
  ifMatch,
}: {
  id: number;
  values: AudienceValues;
  ifMatch?: string;
}) {
  return (
    await request<{ audience: Audience }>(`/audiences/${id}`, {
      method: 'PUT',
      body: values,
      ifMatch,
    })
  ).data.audience;
}

async function deleteAudience({ id, ifMatch }: VersionedId) {
  await request<undefined>(`/audiences/${id}`, { method: 'DELETE', ifMatch });
}

function useAudienceMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceKeys.all }),
  });
}

export const useCreateAudience = () => useAudienceMutation(createAudience);
export const useUpdateAudience = () => useAudienceMutation(updateAudience);
export const useDeleteAudience = () => useAudienceMutation(deleteAudience);

import {
  MAX_PAGE_SIZE,
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
const page =
  <Row>(path: string, query: Record<string, string | number>) =>
  async ({ signal }: { signal?: AbortSignal }) =>
    (
      await request<{ data: Row[]; pagination: Pagination }>(path, {
        query: { limit: MAX_PAGE_SIZE, ...query },
        signal,
      })
    ).data.data;

/** What a rule can name, as its select's options: one page of each, by name or date. */
export const ruleOptionsQueries = {
  role: queryOptions({
    queryKey: roleKeys.active,
    queryFn: async ({ signal }) => (await request<ActiveRole[]>('/roles/active', { signal })).data,
    select: (roles): Option[] => roles.map((r) => ({ value: String(r.id), label: r.name })),
  }),
  team: queryOptions({
    queryKey: audienceKeys.options('teams'),
    queryFn: page<Team>('/teams', { sort: 'name' }),
    select: (teams): Option[] => teams.map((t) => ({ value: String(t.id), label: t.name })),
  }),
  tournament: queryOptions({
    queryKey: audienceKeys.options('tournaments'),
    queryFn: page<TournamentRow>('/tournaments', {}),
    select: (rows): Option[] => rows.map((t) => ({ value: String(t.id), label: t.name })),
  }),
  fixture: queryOptions({
    queryKey: audienceKeys.options('fixtures'),
    queryFn: page<MatchRow>('/matches', { status: 'upcoming', sort: 'scheduled_at', order: 'asc' }),
    select: (rows): Option[] =>
      rows.map((m) => ({
        value: String(m.id),
        label: `${m.team_a.name} v ${m.team_b.name}, ${m.scheduled_at.slice(0, 10)}`,
      })),
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

import type {
  Suppression,
  SuppressionValues,
  SuppressionsFilter,
  SuppressionsPage,
} from '@cricket/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { suppressionKeys } from './keys';

/** GET /messaging/suppressions: `suppressions` and `pagination`, newest first. */
export async function getSuppressions(params: SuppressionsFilter, signal?: AbortSignal) {
  const body = await request<SuppressionsPage>('/messaging/suppressions', {
    query: { ...params },
    signal,
  });
  return body.data;
}

export const suppressionsQuery = (params: SuppressionsFilter) =>
  queryOptions({
    queryKey: suppressionKeys.list(params),
    queryFn: ({ signal }) => getSuppressions(params, signal),
    placeholderData: keepPreviousData,
  });

/** POST /messaging/suppressions */
async function addSuppression(values: SuppressionValues) {
  const body = await request<{ suppression: Suppression }>('/messaging/suppressions', {
    method: 'POST',
    body: values,
  });
  return body.data.suppression;
}

/** DELETE /messaging/suppressions/{id} with the administrator's reason. */
async function removeSuppression({ id, reason }: { id: number; reason: string }) {
  await request<{ suppression: Suppression }>(`/messaging/suppressions/${id}`, {
    method: 'DELETE',
    body: { reason },
  });
}

function useSuppressionMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppressionKeys.all }),
  });
}

export const useAddSuppression = () => useSuppressionMutation(addSuppression);
export const useRemoveSuppression = () => useSuppressionMutation(removeSuppression);

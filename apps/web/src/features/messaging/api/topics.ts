import type { MessagingTopic, MessagingTopicValues, Pagination } from '@cricket/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SortParams } from '@/components/list-page';
import { request, type VersionedId } from '@/lib/http';
import { messagingTopicKeys } from './keys';

export interface TopicsParams extends SortParams {
  page: number;
  limit: number;
  name?: string;
  active?: string;
}

/** GET /messaging/topics */
async function getTopics(params: TopicsParams, signal?: AbortSignal) {
  const body = await request<{ data: MessagingTopic[]; pagination: Pagination }>(
    '/messaging/topics',
    {
      query: { ...params },
      signal,
    },
  );
  return body.data;
}

export const topicsQuery = (params: TopicsParams) =>
  queryOptions({
    queryKey: messagingTopicKeys.list(params),
    queryFn: ({ signal }) => getTopics(params, signal),
    placeholderData: keepPreviousData,
  });

/** POST /messaging/topics */
async function createTopic(values: MessagingTopicValues) {
  const body = await request<{ topic: MessagingTopic }>('/messaging/topics', {
    method: 'POST',
    body: values,
  });
  return body.data.topic;
}

/** GET /messaging/topics/{id}: the topic as stored now (an edit conflict's Reload). */
export async function getTopic(id: number) {
  return (await request<{ topic: MessagingTopic }>(`/messaging/topics/${id}`)).data.topic;
}

/** PUT /messaging/topics/{id} */
async function updateTopic({
  id,
  values,
  ifMatch,
}: {
  id: number;
  values: MessagingTopicValues;
  ifMatch?: string;
}) {
  const body = await request<{ topic: MessagingTopic }>(`/messaging/topics/${id}`, {
    method: 'PUT',
    body: values,
    ifMatch,
  });
  return body.data.topic;
}

/** DELETE /messaging/topics/{id} */
async function deleteTopic({ id, ifMatch }: VersionedId) {
  await request<undefined>(`/messaging/topics/${id}`, { method: 'DELETE', ifMatch });
}

function useTopicMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingTopicKeys.all }),
  });
}

export const useCreateTopic = () => useTopicMutation(createTopic);
export const useUpdateTopic = () => useTopicMutation(updateTopic);
export const useDeleteTopic = () => useTopicMutation(deleteTopic);

import type { MessagingSettings, MessagingSettingsValues } from '@cricket/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { messagingTopicKeys } from './keys';

/** GET /messaging/settings */
async function getMessagingSettings(signal?: AbortSignal) {
  const body = await request<{ settings: MessagingSettings }>('/messaging/settings', { signal });
  return body.data.settings;
}

export const messagingSettingsQuery = () =>
  queryOptions({
    queryKey: messagingTopicKeys.settings,
    queryFn: ({ signal }) => getMessagingSettings(signal),
  });

/** PUT /messaging/settings */
async function updateMessagingSettings(values: MessagingSettingsValues) {
  const body = await request<{ settings: MessagingSettings }>('/messaging/settings', {
    method: 'PUT',
    body: values,
  });
  return body.data.settings;
}

export function useUpdateMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessagingSettings,
    onSuccess: (settings) => queryClient.setQueryData(messagingTopicKeys.settings, settings),
  });
}

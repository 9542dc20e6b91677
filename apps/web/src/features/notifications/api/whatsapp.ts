import type { NotificationSend, SendPreview, WaSendValues, WaTemplate } from '@cricket/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { notificationKeys } from './keys';

/** GET /wa/templates/{id}/send: the template the WhatsApp send form sends (notifications.send). */
export const waTemplateQuery = (id: number) =>
  queryOptions({
    queryKey: notificationKeys.waTemplate(id),
    queryFn: async ({ signal }) =>
      (await request<{ template: WaTemplate }>(`/wa/templates/${id}/send`, { signal })).data
        .template,
  });

/** POST /wa/templates/{id}/send/preview: the WhatsApp send form's dry run (records nothing). */
export const waSendPreviewQuery = (id: number, body: WaSendValues) =>
  queryOptions({
    queryKey: notificationKeys.waSendPreview(id, body),
    queryFn: async ({ signal }) =>
      (
        await request<SendPreview>(`/wa/templates/${id}/send/preview`, {
          method: 'POST',
          body,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST /wa/templates/{id}/send */
export function useSendWhatsApp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: WaSendValues) =>
      (
        await request<{ send: NotificationSend }>(`/wa/templates/${id}/send`, {
          method: 'POST',
          body: values,
        })
      ).data.send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

import type { NotificationSend, WaSendValues, WaTemplate } from '@cricket/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { notificationKeys } from './keys';
import { dryRunQuery } from './sends';

/** GET /wa/templates/{id}/send: the template the WhatsApp send form sends (notifications.send). */
export const waTemplateQuery = (id: number) =>
  queryOptions({
    queryKey: notificationKeys.waTemplate(id),
    queryFn: async ({ signal }) =>
      (await request<{ template: WaTemplate }>(`/wa/templates/${id}/send`, { signal })).data
        .template,
  });

/** POST /wa/templates/{id}/send/preview: the WhatsApp send form's dry run. */
export const waSendPreviewQuery = (id: number, body: WaSendValues) =>
  dryRunQuery(notificationKeys.waSendPreview(id, body), `/wa/templates/${id}/send/preview`, body);

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

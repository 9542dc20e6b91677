import { AUDIENCE_PICKER_LIMIT } from '@cricket/contracts';
import type {
  AudiencesPage,
  DELIVERY_SORT_KEYS,
  NotificationChannels,
  NotificationSend,
  Pagination,
  RecipientOption,
  SendDetails,
  SendNotificationValues,
  SendPreview,
} from '@cricket/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SortParams } from '@/components/list-page';
import { pageKeysOf, request, type PageKeys } from '@/lib/http';
import { audienceKeys } from '@/lib/query-keys';
import { notificationKeys } from './keys';

/** While a send has not ended, its list and page refresh this often. */
export const LIVE_REFRESH_MS = 2000;
const isLive = (status: NotificationSend['status']) =>
  status === 'running' || status === 'scheduled';
/** After a WhatsApp send has ended, Meta's delivered and read reports keep arriving for a while. */
const REPORTS_REFRESH_MS = 5000;
const REPORTS_FOLLOWED_MS = 60 * 60 * 1000;
function sendRefresh(send: NotificationSend) {
  if (isLive(send.status)) return LIVE_REFRESH_MS;
  const reportsDue =
    send.channel === 'whatsapp' &&
    send.counts.read < send.counts.sent &&
    send.finished_at !== null &&
    Date.now() - Date.parse(send.finished_at) < REPORTS_FOLLOWED_MS;
  return reportsDue ? REPORTS_REFRESH_MS : false;
}

export interface RecipientsParams {
  page: number;
  limit: number;
  search?: string;
  recipient_type?: 'all' | 'active' | 'audience';
  /** With recipient_type audience: the saved audience listed and counted. */
  audience_id?: number;
}

/** GET /notifications/recipients: the picker's users; `pagination.total` counts the audience. */
export const recipientsQuery = (params: RecipientsParams) =>
  queryOptions({
    queryKey: notificationKeys.recipients(params),
    queryFn: async ({ signal }) =>
      (
        await request<{ data: RecipientOption[]; pagination: Pagination }>(
          '/notifications/recipients',
          { query: { ...params }, signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** GET /audiences: the send form's saved-audience select, by name. */
export const audiencePickerQuery = () =>
  queryOptions({
    queryKey: audienceKeys.picker,
    queryFn: async ({ signal }) =>
      (
        await request<AudiencesPage>('/audiences', {
          query: { page: 1, limit: AUDIENCE_PICKER_LIMIT, sort: 'name' },
          signal,
        })
      ).data.audiences,
  });

/** GET /notifications/channels: which channels this server has a transport for. */
export const channelsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.channels,
    queryFn: async ({ signal }) =>
      (await request<NotificationChannels>('/notifications/channels', { signal })).data.channels,
    staleTime: Infinity,
  });

/**
 * A send form's dry run (POST …/send/preview): a read, though a POST. It records nothing, so it
 * is a query, its previous answer kept while the next body is counted.
 */
export const dryRunQuery = <K extends readonly unknown[]>(
  queryKey: K,
  path: string,
  body: object,
) =>
  queryOptions({
    queryKey,
    queryFn: async ({ signal }) =>
      (await request<SendPreview>(path, { method: 'POST', body, signal })).data,
    placeholderData: keepPreviousData,
    // A refused or failed dry run is shown quietly; the send checks everyone anyway.
    retry: false,
  });

/** POST /notifications/send/preview */
export const sendPreviewQuery = (body: SendNotificationValues) =>
  dryRunQuery(notificationKeys.sendPreview(body), '/notifications/send/preview', body);

/** POST /notifications/send */
export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: SendNotificationValues) =>
      (
        await request<{ send: NotificationSend }>('/notifications/send', {
          method: 'POST',
          body: values,
        })
      ).data.send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export interface SendsParams extends SortParams {
  page: number;
  limit: number;
  status?: string;
}

/** GET /notifications/sends; refreshes while any send on the page is still going. */
export const sendsQuery = (params: SendsParams) =>
  queryOptions({
    queryKey: notificationKeys.sends(params),
    queryFn: async ({ signal }) =>
      (
        await request<{ data: NotificationSend[]; pagination: Pagination }>(
          '/notifications/sends',
          { query: { ...params }, signal },
        )
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((s) => isLive(s.status)) ? LIVE_REFRESH_MS : false,
  });

export interface SendParams {
  page: number;
  limit: number;
  status?: string;
  sort?: (typeof DELIVERY_SORT_KEYS)[number];
  order?: 'asc' | 'desc';
  /** The pager's boundary key for this page (issue 35): only makes it cheaper to find. */
  page_key?: string;
}

/** A send and its deliveries' page, with the keys of the pages beside it (its `Link` header). */
export type SendPage = SendDetails & {
  deliveries: SendDetails['deliveries'] & { pageKeys?: PageKeys };
};

/** GET /notifications/sends/{id}; refreshes until the send has ended. */
export const sendQuery = (id: number, params: SendParams) =>
  queryOptions({
    queryKey: notificationKeys.send(id, params),
    queryFn: async ({ signal }): Promise<SendPage> => {
      let pageKeys: PageKeys = {};
      const { data } = await request<SendDetails>(`/notifications/sends/${id}`, {
        query: { ...params },
        signal,
        onHeaders: (headers) => (pageKeys = pageKeysOf(headers.get('link'))),
      });
      return { ...data, deliveries: { ...data.deliveries, pageKeys } };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data ? sendRefresh(query.state.data.send) : false),
  });

/** POST /notifications/sends/{id}/cancel or /retry-failed */
export function useSendAction(action: 'cancel' | 'retry-failed') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await request<unknown>(`/notifications/sends/${id}/${action}`, { method: 'POST', body: {} }))
        .message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

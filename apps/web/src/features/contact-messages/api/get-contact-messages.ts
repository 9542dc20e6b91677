import type { ContactCounts, ContactMessage, ContactStatus, Pagination } from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SortParams } from '@/components/list-page';
import { request } from '@/lib/http';
import { contactKeys } from './keys';

export interface ContactMessagesParams extends SortParams {
  page: number;
  limit: number;
  name?: string;
  email?: string;
  subject?: string;
  status?: ContactStatus;
}

/** GET /contact-messages: a page of messages and the header's Total and Unread. */
export async function getContactMessages(params: ContactMessagesParams, signal?: AbortSignal) {
  const body = await request<{
    data: ContactMessage[];
    pagination: Pagination;
    counts: ContactCounts;
  }>('/contact-messages', { query: { ...params }, signal });
  return body.data;
}

export const contactMessagesQuery = (params: ContactMessagesParams) =>
  queryOptions({
    queryKey: contactKeys.list(params),
    queryFn: ({ signal }) => getContactMessages(params, signal),
    placeholderData: keepPreviousData,
  });

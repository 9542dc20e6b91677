import type { EmailTemplateStatus, EmailTemplateSummary, Pagination } from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SortParams } from '@/components/list-page';
import { request } from '@/lib/http';
import { emailTemplateKeys } from './keys';

export interface EmailTemplatesParams extends SortParams {
  page: number;
  limit: number;
  name?: string;
  subject?: string;
  status?: EmailTemplateStatus;
}

/** GET /email-templates */
export async function getEmailTemplates(params: EmailTemplatesParams, signal?: AbortSignal) {
  const body = await request<{ data: EmailTemplateSummary[]; pagination: Pagination }>(
    '/email-templates',
    { query: { ...params }, signal },
  );
  return body.data;
}

export const emailTemplatesQuery = (params: EmailTemplatesParams) =>
  queryOptions({
    queryKey: emailTemplateKeys.list(params),
    queryFn: ({ signal }) => getEmailTemplates(params, signal),
    placeholderData: keepPreviousData,
  });

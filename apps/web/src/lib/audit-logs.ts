import type { AuditLog, AuditLogsQuery, Pagination } from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from './http';
import { auditLogKeys } from './query-keys';

export interface AuditLogsPage {
  data: AuditLog[];
  pagination: Pagination;
}

/**
 * GET /audit-logs: one page of the trail, newest first. The Activity Log screen and every
 * record's History section read it; any save invalidates auditLogKeys.all.
 */
export const auditLogsQuery = (params: AuditLogsQuery) =>
  queryOptions({
    queryKey: auditLogKeys.list(params),
    queryFn: async ({ signal }) =>
      (
        await request<AuditLogsPage>('/audit-logs', {
          query: { ...params } as Record<string, string | number | undefined>,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

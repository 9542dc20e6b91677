import {
  BULK_JOB_POLL_MS,
  bulkJobFinished,
  type BulkJob,
  type BulkJobRequest,
} from '@cricket/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, request } from './http';
import { bulkJobKeys } from './query-keys';

/** POST /bulk-jobs: the job, queued; it runs on the server whether or not the page stays. */
export async function startBulkJob(body: BulkJobRequest): Promise<BulkJob> {
  const response = await request<{ job: BulkJob }>('/bulk-jobs', { method: 'POST', body });
  return response.data.job;
}

/** GET /bulk-jobs/{id}, asked again while the job runs; one that ended changes no more. */
export const bulkJobQuery = (id: string) =>
  queryOptions({
    queryKey: bulkJobKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await request<{ job: BulkJob }>(`/bulk-jobs/${encodeURIComponent(id)}`, { signal })).data
        .job,
    refetchInterval: (query) =>
      query.state.data && !bulkJobFinished(query.state.data) ? BULK_JOB_POLL_MS : false,
    // A job refused or not there (another's, gone) will not appear on a second ask.
    retry: (failures, error) => !jobUnreadable(error) && failures < 3,
  });

/** POST /bulk-jobs/{id}/cancel: the job stops between two rows. */
export async function cancelBulkJob(id: string): Promise<BulkJob> {
  const response = await request<{ job: BulkJob }>(`/bulk-jobs/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
  });
  return response.data.job;
}

/** The server refused the job or has none by that id: asking again will not change that. */
export const jobUnreadable = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

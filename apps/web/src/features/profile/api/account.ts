import type {
  AccountFormValues,
  OwnSession,
  Pagination,
  PasswordChangeForm,
} from '@cricket/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { reloadSession } from '@/lib/session';
import { accountKeys } from './keys';

/** PUT /user/profile; the signed-in user is fetched again so the user menu shows the change. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountFormValues) => request('/user/profile', { method: 'PUT', body }),
    onSuccess: () => reloadSession(queryClient),
  });
}

/** PUT /user/password: the server signs out every other session of this user. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeForm) => request('/user/password', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export interface OwnSessionsPage {
  data: OwnSession[];
  pagination: Pagination;
}

/** GET /user/sessions: one page, the most recently used first. */
export const ownSessionsQuery = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: accountKeys.sessionsPage(params),
    queryFn: async ({ signal }) =>
      (await request<OwnSessionsPage>('/user/sessions', { query: { ...params }, signal })).data,
    // The list keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** DELETE /user/sessions/{id}, or /user/sessions for every session but this one. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'others') =>
      request(id === 'others' ? '/user/sessions' : `/user/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

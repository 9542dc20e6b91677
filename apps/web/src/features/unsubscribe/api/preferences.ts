import type { PublicPreferencesData, PublicPreferencesInput } from '@cricket/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { unsubscribeKeys } from './keys';

const url = (token: string) => `/public/preferences/${encodeURIComponent(token)}`;

/** GET /public/preferences/{token}: the person's first name and topics per channel. */
export const publicPreferencesQuery = (token: string) =>
  queryOptions({
    queryKey: unsubscribeKeys.preferences(token),
    queryFn: async ({ signal }) =>
      (await request<PublicPreferencesData>(url(token), { signal })).data,
    // A link that is not valid stays not valid: no retries.
    retry: false,
  });

export const usePublicPreferences = (token: string) => useQuery(publicPreferencesQuery(token));

/** PUT /public/preferences/{token}: the answer is the new state. */
export function useSavePublicPreferences(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: PublicPreferencesInput) =>
      (await request<PublicPreferencesData>(url(token), { method: 'PUT', body: values })).data,
    onSuccess: (data) => queryClient.setQueryData(unsubscribeKeys.preferences(token), data),
  });
}

import type { PreferencesData, PreferenceValues } from '@cricket/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { userKeys } from './keys';

/** GET /users/{id}/preferences: each active topic on each channel, and the consent history. */
export const preferencesQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.preferences(id),
    queryFn: async ({ signal }) =>
      (await request<PreferencesData>(`/users/${id}/preferences`, { signal })).data,
  });

export const usePreferences = (id: number) => useQuery(preferencesQuery(id));

/** PUT /users/{id}/preferences: one topic on one channel; the answer is the new state. */
export function useSetPreference(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: PreferenceValues) =>
      (
        await request<PreferencesData>(`/users/${id}/preferences`, {
          method: 'PUT',
          body: values,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(userKeys.preferences(id), data),
  });
}

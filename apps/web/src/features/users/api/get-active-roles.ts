import type { ActiveRole } from '@cricket/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { roleKeys } from '@/lib/query-keys';

/** GET /roles/active: the roles a user can be given, for the filter and the form. */
export async function getActiveRoles(signal?: AbortSignal): Promise<ActiveRole[]> {
  const response = await request<ActiveRole[]>('/roles/active', { signal });
  return response.data;
}

export const activeRolesQuery = queryOptions({
  queryKey: roleKeys.active,
  queryFn: ({ signal }) => getActiveRoles(signal),
  staleTime: 60_000,
});

export function useActiveRoles() {
  return useQuery(activeRolesQuery);
}

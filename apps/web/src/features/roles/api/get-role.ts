import type { RoleDetail } from '@cricket/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { roleKeys } from './keys';

/** GET /roles/{id}: the role with its permissions and users_count. */
export async function getRole(id: number, signal?: AbortSignal): Promise<RoleDetail> {
  const body = await request<{ role: RoleDetail }>(`/roles/${id}`, { signal });
  return body.data.role;
}

export const roleQuery = (id: number) =>
  queryOptions({
    queryKey: roleKeys.detail(id),
    queryFn: ({ signal }) => getRole(id, signal),
  });

export function useRole(id: number | null) {
  return useQuery({ ...roleQuery(id ?? 0), enabled: id !== null });
}

import type { RoleBody, RoleDetail } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { roleKeys } from './keys';

/** POST /roles with the chosen permission_ids: the role and its grants in one transaction. */
export async function createRole(body: RoleBody): Promise<RoleDetail> {
  const response = await request<{ role: RoleDetail }>('/roles', { method: 'POST', body });
  return response.data.role;
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

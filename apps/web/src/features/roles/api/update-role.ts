import type { RoleDetail, RoleUpdateBody } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { sessionQuery } from '@/lib/session';
import { roleKeys } from './keys';

/**
 * PUT /roles/{id} with the complete permission_ids: the server adds and removes grants in the
 * same transaction as the role, so a failure loses nothing and leaves nothing half-saved.
 */
export async function updateRole({
  id,
  body,
  ifMatch,
}: {
  id: number;
  body: RoleUpdateBody;
  /** The version the form read (decision 059). */
  ifMatch?: string;
}): Promise<RoleDetail> {
  const response = await request<{ role: RoleDetail }>(`/roles/${id}`, {
    method: 'PUT',
    body,
    ifMatch,
  });
  return response.data.role;
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.all }),
        // Editing one's own role changes what the menus and buttons may show.
        queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
      ]),
  });
}

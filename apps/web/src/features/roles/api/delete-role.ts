import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { roleKeys } from './keys';

/** DELETE /roles/{id}. */
export async function deleteRole(id: number): Promise<void> {
  await request<undefined>(`/roles/${id}`, { method: 'DELETE' });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

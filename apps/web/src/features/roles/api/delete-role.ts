import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type VersionedId } from '@/lib/http';
import { roleKeys } from './keys';

/** DELETE /roles/{id}. */
export async function deleteRole({ id, ifMatch }: VersionedId): Promise<void> {
  await request<undefined>(`/roles/${id}`, { method: 'DELETE', ifMatch });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type VersionedId } from '@/lib/http';
import { userKeys } from './keys';

/** DELETE /users/{id}. */
export async function deleteUser({ id, ifMatch }: VersionedId): Promise<void> {
  await request(`/users/${id}`, { method: 'DELETE', ifMatch });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, { id }) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: userKeys.lists });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { userKeys } from './keys';

/** DELETE /users/{id}. */
export async function deleteUser(id: number): Promise<void> {
  await request(`/users/${id}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: userKeys.lists });
    },
  });
}

import type { User, UserFormValues } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { userKeys } from './keys';

/** PUT /users/{id} with the same body as create. */
export async function updateUser({
  id,
  body,
}: {
  id: number;
  body: UserFormValues;
}): Promise<User> {
  const response = await request<{ user: User }>(`/users/${id}`, { method: 'PUT', body });
  return response.data.user;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      return queryClient.invalidateQueries({ queryKey: userKeys.lists });
    },
  });
}

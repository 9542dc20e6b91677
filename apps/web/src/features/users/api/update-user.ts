import type { User, UserFormValues } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { userKeys } from './keys';

/** PUT /users/{id} with the same body as create, under the version the form read (059). */
export async function updateUser({
  id,
  body,
  ifMatch,
}: {
  id: number;
  body: UserFormValues;
  ifMatch?: string;
}): Promise<User> {
  const response = await request<{ user: User }>(`/users/${id}`, {
    method: 'PUT',
    body,
    ifMatch,
  });
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

import type { User } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { userKeys } from './keys';

/** POST /users/{id}/erase, confirmed by the person's email (decision 055). */
export async function eraseUser({ id, confirm }: { id: number; confirm: string }): Promise<User> {
  const response = await request<{ user: User }>(`/users/${id}/erase`, {
    method: 'POST',
    body: { confirm },
  });
  return response.data.user;
}

export function useEraseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseUser,
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

import type { User, UserFormValues } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { userKeys } from './keys';

/** POST /users with the spec's flat body. */
export async function createUser(body: UserFormValues): Promise<User> {
  const response = await request<{ user: User }>('/users', { method: 'POST', body });
  return response.data.user;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists }),
  });
}

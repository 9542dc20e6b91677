import type { User } from '@cricket/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { userKeys } from './keys';

/** GET /users/{id}. */
export async function getUser(id: number, signal?: AbortSignal): Promise<User> {
  const response = await request<{ user: User }>(`/users/${id}`, { signal });
  return response.data.user;
}

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
    retry: false,
  });

export function useUser(id: number | null) {
  return useQuery({ ...userQuery(id ?? 0), enabled: id !== null });
}

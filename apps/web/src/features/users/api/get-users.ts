import type { Pagination, User, UserStatus } from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { userKeys } from './keys';

export interface UsersParams {
  page: number;
  limit: number;
  name?: string;
  phone_number?: string;
  role_id?: string;
  status?: UserStatus | '';
}

export interface UsersPage {
  data: User[];
  pagination: Pagination;
}

/** GET /users: one page, newest first, with the filters the list shows. */
export async function getUsers(params: UsersParams, signal?: AbortSignal): Promise<UsersPage> {
  const response = await request<UsersPage>('/users', { query: { ...params }, signal });
  return response.data;
}

export const usersQuery = (params: UsersParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

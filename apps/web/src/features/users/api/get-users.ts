import type { Pagination, User, UserSortKey, UserStatus } from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pageKeysOf, request, type PageKeys } from '@/lib/http';
import { userKeys } from './keys';

export interface UsersParams {
  page: number;
  limit: number;
  name?: string;
  phone_number?: string;
  role_id?: string;
  status?: UserStatus | '';
  sort?: UserSortKey;
  order?: 'asc' | 'desc';
  /** The pager's boundary key for this page (issue 35): only makes it cheaper to find. */
  page_key?: string;
}

export interface UsersPage {
  data: User[];
  pagination: Pagination;
  pageKeys?: PageKeys;
}

/** GET /users: one page, newest first or sorted, with the filters the list shows. */
export async function getUsers(params: UsersParams, signal?: AbortSignal): Promise<UsersPage> {
  let pageKeys: PageKeys = {};
  const response = await request<UsersPage>('/users', {
    query: { ...params },
    signal,
    onHeaders: (headers) => (pageKeys = pageKeysOf(headers.get('link'))),
  });
  return { ...response.data, pageKeys };
}

export const usersQuery = (params: UsersParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

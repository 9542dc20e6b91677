import type { Pagination, RoleListItem } from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SortParams } from '@/components/list-page';
import { request } from '@/lib/http';
import { roleKeys } from './keys';

/** Everything cached under this key goes stale when a role changes. */

export interface RolesParams extends SortParams {
  page: number;
  limit: number;
  name: string;
  status: string;
}

export interface RolesPage {
  data: RoleListItem[];
  pagination: Pagination;
}

/** GET /roles: one page, filtered by name and status. */
export async function getRoles(params: RolesParams, signal?: AbortSignal): Promise<RolesPage> {
  const body = await request<RolesPage>('/roles', { query: { ...params }, signal });
  return body.data;
}

export const rolesQuery = (params: RolesParams) =>
  queryOptions({
    queryKey: roleKeys.list(params),
    queryFn: ({ signal }) => getRoles(params, signal),
    // The table keeps its rows while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

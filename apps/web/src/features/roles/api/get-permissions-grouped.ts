import type { GroupedPermissionsData } from '@cricket/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { roleKeys } from './keys';

/** GET /permissions/grouped: one page of the catalogue, keyed by module. */
export async function getPermissionsGrouped(
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<GroupedPermissionsData> {
  const body = await request<GroupedPermissionsData>('/permissions/grouped', {
    query: { page, limit },
    signal,
  });
  return body.data;
}

export const permissionsGroupedQuery = (limit: number) =>
  infiniteQueryOptions({
    queryKey: roleKeys.permissionsPage(limit),
    queryFn: ({ pageParam, signal }) => getPermissionsGrouped(pageParam, limit, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.pagination.next_page ?? undefined,
  });

export function usePermissionsGrouped(limit: number) {
  return useInfiniteQuery(permissionsGroupedQuery(limit));
}

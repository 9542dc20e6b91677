import type { Organizer, Pagination } from '@cricket/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { teamKeys } from './keys';

export interface OrganizersParams {
  page: number;
  limit: number;
  search?: string;
  /** Narrows the list to one organizer: how an edit panel names the current owner. */
  organizer_id?: number;
}

/** GET /users/organizers: the people a team owner is picked from. */
export async function getOrganizers(params: OrganizersParams, signal?: AbortSignal) {
  const body = await request<{ data: Organizer[]; pagination: Pagination }>('/users/organizers', {
    query: { ...params },
    signal,
  });
  return body.data;
}

export const organizersQuery = (params: OrganizersParams) =>
  queryOptions({
    queryKey: teamKeys.organizers(params),
    queryFn: ({ signal }) => getOrganizers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOrganizers(params: OrganizersParams, enabled = true) {
  return useQuery({ ...organizersQuery(params), enabled });
}

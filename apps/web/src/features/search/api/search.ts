import type { SearchData } from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { searchKeys } from './keys';

/** GET /search?q=: up to five of each kind the signed-in role may view. */
export async function search(q: string, signal?: AbortSignal): Promise<SearchData> {
  const body = await request<SearchData>('/search', { query: { q }, signal });
  return body.data;
}

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: searchKeys.results(q),
    queryFn: ({ signal }) => search(q, signal),
    // The list keeps the last results while the next ones load, so it does not flicker per key.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

import type { DropdownCategory, DropdownOption } from '@cricket/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { teamKeys } from './keys';

/** GET /dropdown?category=…: player roles, batting and bowling styles. */
export async function getDropdown(category: DropdownCategory, signal?: AbortSignal) {
  const body = await request<DropdownOption[]>('/dropdown', { query: { category }, signal });
  return body.data;
}

export const dropdownQuery = (category: DropdownCategory) =>
  queryOptions({
    queryKey: teamKeys.dropdown(category),
    queryFn: ({ signal }) => getDropdown(category, signal),
    // The lists are reference data that change only with a deployment.
    staleTime: Infinity,
  });

export function useDropdown(category: DropdownCategory, enabled = true) {
  return useQuery({ ...dropdownQuery(category), enabled });
}

import type { Pagination } from '@cricket/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PickerPageParams } from '@/components/use-paged-picker';
import { request } from '@/lib/http';
import { matchKeys } from './keys';

export interface TeamOption {
  id: number;
  name: string;
  location: string;
}

/** GET /teams for the tournament form's team picker: one page, by name or location. */
export const teamOptionsQuery = (params: PickerPageParams) =>
  queryOptions({
    queryKey: matchKeys.teamOptions(params),
    queryFn: async ({ signal }) =>
      (
        await request<{ data: TeamOption[]; pagination: Pagination }>('/teams', {
          query: { ...params },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

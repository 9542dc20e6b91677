import type { Pagination } from '@cricket/contracts';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useErrorToast } from '@/lib/use-error-toast';

/** What a picker asks the server for: one page, and the search once the typing has settled. */
export interface PickerPageParams {
  page: number;
  limit: number;
  search?: string;
}

/** One page of a paged endpoint's `data`. */
export interface PickerPage<Row> {
  data: Row[];
  pagination: Pagination;
}

export interface PagedPickerOptions<Row extends { id: number }, QKey extends QueryKey> {
  /** The query of one page, e.g. `(params) => recipientsQuery(params)`; keep previous data in it. */
  query: (
    params: PickerPageParams,
  ) => UseQueryOptions<PickerPage<Row>, Error, PickerPage<Row>, QKey>;
  pageSize: number;
  /** How long the search must stop changing before it is sent (each spec screen names it). */
  debounceMs: number;
  /** False while the picker is closed: nothing is fetched. */
  enabled?: boolean;
  /** The ids already chosen, for `isSelected`. */
  selectedIds?: Iterable<number | undefined>;
  /** Shown when there are no rows and nothing is searched. */
  emptyText: string;
  /** Shown when a search matches nothing; the empty text when left out. */
  noMatchText?: string;
  /** A failed fetch shows this toast (or the server's message); no toast when left out. */
  errorText?: string;
}

/**
 * The state of a searchable, server-paged picker (owners, recipients, players): the search box,
 * the page, the rows of that page and the notice to show in their place.
 */
export function usePagedPicker<Row extends { id: number }, QKey extends QueryKey = QueryKey>({
  query,
  pageSize,
  debounceMs,
  enabled = true,
  selectedIds = [],
  emptyText,
  noMatchText = emptyText,
  errorText,
}: PagedPickerOptions<Row, QKey>) {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim(), debounceMs);
  const result = useQuery({
    ...query({ page, limit: pageSize, search: debounced || undefined }),
    enabled,
  });
  // Empty fallback text: no toast is wanted, and useErrorToast shows nothing without an error.
  useErrorToast(errorText ? result.error : null, errorText ?? '');

  const rows = result.data?.data ?? [];
  // A new page or search keeps the last rows as placeholder: say it is loading, not stale rows.
  const loading = result.isPending || (result.isPlaceholderData && result.isFetching);
  const chosen = new Set(selectedIds);

  return {
    search,
    /** A new search starts again at page 1. */
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(1);
    },
    page,
    setPage,
    pageSize,
    rows,
    pagination: result.data?.pagination,
    loading,
    /** The text in place of the rows: when loading (PickerNotice says so) or when there are none. */
    notice: loading || rows.length === 0 ? (debounced ? noMatchText : emptyText) : null,
    isSelected: (row: Row) => chosen.has(row.id),
    /** Back to an empty search on page 1 (a panel that stays mounted calls it on close). */
    reset: () => {
      setSearchText('');
      setPage(1);
    },
  };
}

export type PagedPicker<Row extends { id: number }> = ReturnType<typeof usePagedPicker<Row>>;

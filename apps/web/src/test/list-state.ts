import { vi } from 'vitest';
import type { ListPage } from '@/components/list-page';

/** A `useListPage` result for a table test: nothing loaded, failed or asked, but `overrides`. */
export function listState<Row>(overrides: Partial<ListPage<Row>>): ListPage<Row> {
  const state = {
    rows: [],
    pagination: undefined,
    loadingPage: undefined,
    loading: false,
    firstLoad: false,
    error: null,
    errorText: 'Error fetching rows',
    retry: vi.fn(),
    retrying: false,
    setPage: vi.fn(),
    setLimit: vi.fn(),
    limit: 10,
    ignored: false,
    refused: false,
    sort: null,
    setSort: vi.fn(),
    ...overrides,
  };
  // As useListPage derives it: an error with no load under way.
  return { failed: state.error !== null && !state.loading, ...state };
}

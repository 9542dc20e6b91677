import type { Pagination } from '@cricket/contracts';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/http';
import { useErrorToast } from '@/lib/use-error-toast';
import { DataTable, type Column } from './data-table';
import { correctedPage } from './list-paging';
import { PaginationBar } from './pagination-bar';
import { Button } from './ui/button';
import { useListState } from './use-list-state';

/** One page of rows as every list endpoint returns it (`data.data`, `data.pagination`). */
export interface RowsPage<Row> {
  data: readonly Row[];
  pagination: Pagination;
}

export interface ListQueryState<Key extends string> {
  page: number;
  limit: number;
  filters: Record<Key, string>;
}

type RowOf<Data> = Data extends RowsPage<infer Row> ? Row : never;

interface ListPageOptions<Key extends string, Data, Row, QKey extends QueryKey> {
  /** Every filter the list has, kept in the URL query under these names. */
  filters?: readonly Key[];
  /** The free-text ones, written to the URL after the user pauses typing. */
  textFilters?: readonly Key[];
  /** The feature's query for one page, e.g. `(state) => usersQuery({...})`. */
  query: (state: ListQueryState<Key>) => UseQueryOptions<Data, Error, Data, QKey>;
  /** Where the rows and pagination sit in the answer, when it is not a plain page. */
  rowsOf?: (data: Data) => RowsPage<Row>;
  /** Spec §8 toast text when the server sends no message, e.g. 'Error fetching users'. */
  errorText: string;
  enabled?: boolean;
}

const plainPage = <Row,>(data: unknown) => data as RowsPage<Row>;

/**
 * Everything a list screen needs besides its columns, filters and panels: URL state, the
 * fetch, moving off a page past the end (a URL asking for it, or a delete emptying the last
 * page), the loading page, the error with its toast, and retry.
 */
export function useListPage<
  Key extends string,
  Data,
  Row = RowOf<Data>,
  QKey extends QueryKey = QueryKey,
>({
  filters: keys = [],
  textFilters,
  query: buildQuery,
  rowsOf = plainPage,
  errorText,
  enabled = true,
}: ListPageOptions<Key, Data, Row, QKey>) {
  const state = useListState({ filters: keys, textFilters });
  const { page, limit, filters, setPage } = state;
  const query = useQuery({ ...buildQuery({ page, limit, filters }), enabled });
  useErrorToast(query.error, errorText);

  // TanStack Query hands an answer over through useSyncExternalStore, which React renders at
  // once, in one task: the whole table with it. The table draws from a deferred copy instead,
  // rendered in slices that leave the browser free between them (decision 032). The copy is
  // one object so the rows, the flags and the error always describe the same moment.
  const { data, isPending, isPlaceholderData, isFetching, isError, error } = query;
  const answer = useDeferredValue(
    useMemo(
      () => ({ data, isPending, isPlaceholderData, isFetching, isError, error }),
      [data, isPending, isPlaceholderData, isFetching, isError, error],
    ),
  );

  const current = answer.data === undefined ? undefined : rowsOf(answer.data);
  // The answer on screen belongs to the page asked for, not a previous one kept while loading.
  const settled = current !== undefined && !answer.isPlaceholderData && !answer.isFetching;
  const fix = settled ? correctedPage(page, current.pagination) : null;
  useEffect(() => {
    if (fix !== null) setPage(fix, true);
  }, [fix, setPage]);

  const loading = enabled && (answer.isPending || answer.isPlaceholderData || fix !== null);
  return {
    ...state,
    query,
    rows: current?.data ?? [],
    pagination: current?.pagination,
    /** The page being fetched, named by the pager while the previous rows stay dimmed. */
    loadingPage: loading ? (fix ?? page) : undefined,
    loading,
    firstLoad: answer.isPending,
    error: answer.isError ? answer.error : null,
    /** The last load failed and no other is under way: the list shows the error, not rows. */
    failed: answer.isError && !loading,
    errorText,
    retrying: answer.isError && answer.isFetching,
    retry: () => void query.refetch(),
  };
}

export type ListPage<Row> = Pick<
  ReturnType<typeof useListPage<string, unknown, Row>>,
  | 'rows'
  | 'pagination'
  | 'loadingPage'
  | 'loading'
  | 'firstLoad'
  | 'error'
  | 'failed'
  | 'errorText'
  | 'retry'
  | 'retrying'
  | 'setPage'
  | 'setLimit'
  | 'limit'
>;

interface ListErrorProps {
  error: unknown;
  fallback: string;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}

/** A failed load says so, with the server's reason when it gave one, and offers Retry. */
export function ListError({ error, fallback, onRetry, retrying, className }: ListErrorProps) {
  return (
    <div
      role="alert"
      className={cn('flex flex-col items-center gap-3 px-4 py-10 text-center text-sm', className)}
    >
      <p className="font-medium text-danger-700">{errorMessage(error, fallback)}</p>
      <Button variant="secondary" size="sm" onClick={onRetry} busy={retrying}>
        <RotateCw className="size-4" aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

interface ListTableProps<Row> {
  list: ListPage<Row>;
  /** Names the table, e.g. 'Users'. */
  label: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
  emptyText: string;
  onRowClick?: (row: Row) => void;
  rowLabel?: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
}

/** The table, its error state and its pager, wired to a `useListPage`. */
export function ListTable<Row>({ list, ...table }: ListTableProps<Row>) {
  return (
    <>
      <DataTable
        {...table}
        rows={list.rows}
        loading={list.loading}
        skeletonRows={list.firstLoad ? Math.min(list.limit, 10) : 0}
        problem={
          list.failed ? (
            <ListFailure
              list={list}
              // The table is wider than a phone: start-aligned, the message and Retry stay in view.
              className="items-start text-left sm:items-center sm:text-center"
            />
          ) : undefined
        }
      />
      <ListPager list={list} />
    </>
  );
}

/** The error of a failed `useListPage` load, with its Retry, for a list drawn any way. */
export function ListFailure<Row>({ list, className }: { list: ListPage<Row>; className?: string }) {
  return (
    <ListError
      error={list.error}
      fallback={list.errorText}
      onRetry={list.retry}
      retrying={list.retrying}
      className={className}
    />
  );
}

/** The pager of a `useListPage`, for a list drawn as something other than a table. */
export function ListPager<Row>({ list }: { list: ListPage<Row> }) {
  // A load that failed before any page arrived has nothing to page through: the pager would
  // only claim it is still loading under the error.
  if (list.failed && list.pagination === undefined) return null;
  return (
    <PaginationBar
      pagination={list.pagination}
      loadingPage={list.loadingPage}
      onPageChange={(page) => list.setPage(page)}
      onPageSizeChange={list.setLimit}
    />
  );
}

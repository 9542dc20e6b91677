import { LIST_MESSAGES, type Pagination, type SortOrder } from '@cricket/contracts';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Info, RotateCw } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { ApiError, errorMessage, type PageKeys } from '@/lib/http';
import { useErrorToast } from '@/lib/use-error-toast';
import { useBulkActions, type BulkDeclaration } from './bulk-actions';
import { DataTable, type Column, type RowSelection } from './data-table';
import { correctedPage } from './list-paging';
import { PaginationBar } from './pagination-bar';
import { Button } from './ui/button';
import { useListState, type ListSort, type ListStateOptions } from './use-list-state';

export { isDay, oneOf } from './use-list-state';

/** One page of rows as every list endpoint returns it (`data.data`, `data.pagination`). */
export interface RowsPage<Row> {
  data: readonly Row[];
  pagination: Pagination;
  /**
   * A large list's boundary keys (issue 35): its answer's `Link` header, rel prev and next, for
   * stepping to the neighbouring page cheaply (`pageKeysOf` in lib/http.ts).
   */
  pageKeys?: PageKeys;
}

/** A page and the boundary key it was asked with. */
interface PageStep {
  page: number;
  key: string;
}

export interface ListQueryState<Key extends string> {
  page: number;
  limit: number;
  filters: Record<Key, string>;
  sort: ListSort | null;
  /** The boundary key for this page when the pager stepped to it from a neighbour. */
  pageKey?: string;
}

/** A list request's sort parameters (contracts' sortQuery), in a feature's params type. */
export interface SortParams {
  sort?: string;
  order?: SortOrder;
}

/** The request parameters of a list's sort, for a feature's list query. */
export const sortParams = (sort: ListSort | null): SortParams =>
  sort ? { sort: sort.key, order: sort.order } : {};

type RowOf<Data> = Data extends RowsPage<infer Row> ? Row : never;

interface ListPageOptions<Key extends string, Data, Row, QKey extends QueryKey> extends Pick<
  ListStateOptions<Key>,
  'textFilters' | 'checks' | 'ranges' | 'sorts'
> {
  /** Every filter the list has, kept in the URL query under these names. */
  filters?: readonly Key[];
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
 * The server's refusal of the list's own filters (a 400 naming only them): their values, not
 * the list, are wrong, so it is no failed load. Returns each refused filter with its message.
 */
function refusedFilters(error: unknown, keys: readonly string[]): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const fields = Object.entries(error.errors);
  if (fields.length === 0 || fields.some(([field]) => !keys.includes(field))) return null;
  return Object.fromEntries(fields.map(([field, messages]) => [field, messages[0] ?? '']));
}

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
  textFilters = [],
  checks,
  ranges,
  sorts,
  query: buildQuery,
  rowsOf = plainPage,
  errorText,
  enabled: wanted = true,
}: ListPageOptions<Key, Data, Row, QKey>) {
  const state = useListState({ filters: keys, textFilters, checks, ranges, sorts });
  const { page, limit, filters, sort, setPage, drop } = state;
  // The key the pager carried to this page from the one next to it (Next, Previous), and the
  // one the page it left was read with: until the address names the new page, the list still
  // asks for the old one, and without its key that would be a request of its own.
  const [step, setStep] = useState<{ to: number; key?: string; from?: PageStep } | null>(null);
  const pageKey =
    step?.to === page ? step.key : step?.from?.page === page ? step.from.key : undefined;
  // A filter in error asks nothing of the server until it is corrected.
  const enabled = wanted && !state.blocked;
  const query = useQuery({ ...buildQuery({ page, limit, filters, sort, pageKey }), enabled });

  // A value the server refused: one typed into a text filter stays, with the server's reason
  // on it, for the user to correct; any other came from the address (the controls offer only
  // usable ones) and is dropped with the note.
  const refused = refusedFilters(query.error, keys);
  const typed = Object.fromEntries(
    Object.entries(refused ?? {}).filter(([key]) => textFilters.includes(key as Key)),
  ) as Partial<Record<Key, string>>;
  const fromAddress = Object.keys(refused ?? {})
    .filter((key) => !(key in typed))
    .join(',');
  if (fromAddress && !state.ignored) state.noteIgnored();
  useEffect(() => {
    if (fromAddress) drop(fromAddress.split(','));
  }, [fromAddress, drop]);
  useErrorToast(refused ? null : query.error, errorText);

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
  const shown = current?.pagination.current_page;
  const neighbours = current?.pageKeys;
  /** The pager's move: to a neighbour of the page on screen, with the key its answer gave. */
  const goToPage = useCallback(
    (next: number, replace = false) => {
      const key =
        shown === undefined
          ? undefined
          : next === shown + 1
            ? neighbours?.next
            : next === shown - 1
              ? neighbours?.prev
              : undefined;
      setStep({ to: next, key, from: pageKey === undefined ? undefined : { page, key: pageKey } });
      setPage(next, replace);
    },
    [shown, neighbours, setPage, page, pageKey],
  );
  const answerRefused = refusedFilters(answer.error, keys) !== null;
  const errors = { ...state.errors, ...typed };
  return {
    ...state,
    errors,
    /** A filter is in error: the list shows that instead of rows or a failure. */
    refused: state.blocked || (answer.isError && answerRefused),
    query,
    rows: current?.data ?? [],
    pagination: current?.pagination,
    /** The page being fetched, named by the pager while the previous rows stay dimmed. */
    loadingPage: loading ? (fix ?? page) : undefined,
    loading,
    firstLoad: enabled && answer.isPending,
    error: answer.isError ? answer.error : null,
    /** The last load failed and no other is under way: the list shows the error, not rows. */
    failed: answer.isError && !loading && !answerRefused,
    errorText,
    retrying: answer.isError && answer.isFetching,
    retry: () => void query.refetch(),
    setPage: goToPage,
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
  | 'ignored'
  | 'refused'
  | 'sort'
  | 'setSort'
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
  /** Row checkboxes and the bulk bar (issue 33): the list's name for the job API and its filters. */
  bulk?: BulkDeclaration<Row>;
}

/** The table, its error state and its pager, wired to a `useListPage`; bulk actions if declared. */
export function ListTable<Row>({ bulk, ...props }: ListTableProps<Row>) {
  return bulk ? <BulkListTable {...props} bulk={bulk} /> : <ListTableView {...props} />;
}

/** A list with bulk actions: the selection and the job live here, beside the table. */
function BulkListTable<Row>({
  bulk,
  ...props
}: ListTableProps<Row> & { bulk: BulkDeclaration<Row> }) {
  const { selection, bar } = useBulkActions({
    bulk,
    rows: props.list.rows,
    rowKey: props.rowKey,
    total: props.list.pagination?.total ?? 0,
  });
  return <ListTableView {...props} selection={selection} bar={bar} />;
}

function ListTableView<Row>({
  list,
  bar,
  ...table
}: Omit<ListTableProps<Row>, 'bulk'> & {
  selection?: RowSelection<Row>;
  /** The bulk bar or the job's progress, above the rows. */
  bar?: ReactNode;
}) {
  return (
    <>
      <ListNote list={list} />
      {bar}
      <DataTable
        {...table}
        sort={list.sort}
        onSort={list.setSort}
        rows={list.rows}
        loading={list.loading}
        skeletonRows={list.firstLoad ? Math.min(list.limit, 10) : 0}
        problem={
          list.refused ? (
            <ListRefused />
          ) : list.failed ? (
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

/**
 * The quiet note of a list whose address held a value it could not use (`/users?role_id=xyz`):
 * the value was dropped and the list shows without it. No alert: nothing failed.
 */
export function ListNote<Row>({ list }: { list: Pick<ListPage<Row>, 'ignored'> }) {
  if (!list.ignored) return null;
  return (
    <p
      role="status"
      className="flex items-center gap-2 border-b border-neutral-100 px-4 py-2 text-xs text-neutral-600"
    >
      <Info className="size-3.5 shrink-0" aria-hidden="true" />
      {LIST_MESSAGES.ignoredFilter}
    </p>
  );
}

/** In place of the rows while a filter is in error: the error itself sits on the filter. */
export function ListRefused({ className }: { className?: string }) {
  return (
    <p className={cn('px-4 py-10 text-center text-sm text-neutral-600', className)}>
      {LIST_MESSAGES.refusedFilter}
    </p>
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
  if ((list.failed || list.refused) && list.pagination === undefined) return null;
  return (
    <PaginationBar
      pagination={list.pagination}
      loadingPage={list.loadingPage}
      onPageChange={(page) => list.setPage(page)}
      onPageSizeChange={list.setLimit}
    />
  );
}

// Plain values with no zod behind them: the list kit and the shell import these without
// pulling zod and every feature's schemas into a list screen's download (decision 029).

/** Spec §9: lists default to page 1 and 10 rows; the shared bar offers these sizes. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50] as const;
/** The largest page the API serves; the category picker asks for 100. */
export const MAX_PAGE_SIZE = 100;

/**
 * The list kit's own words (issue 30): an address value a screen cannot use is dropped with a
 * quiet note, not shown as a failed load; a filter the user set wrongly is an error on it.
 */
export const LIST_MESSAGES = {
  ignoredFilter: 'Ignored an invalid filter in the address',
  invertedRange: 'The start date must not be after the end date',
  refusedFilter: 'Correct the highlighted filter to see the list',
} as const;

/**
 * Sorting a list (issue 33): `sort=<column key>&order=asc|desc`. Without `sort` a list keeps its
 * own default order; `order` alone changes nothing, and with `sort` it defaults to ascending.
 */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SORT_MESSAGES = {
  unknownKey: (keys: readonly string[]) => `Sort by one of: ${keys.join(', ')}`,
  order: 'Order must be asc or desc',
} as const;
/**
 * Paging by boundary key (issue 35): a list on a large table answers, beside its page, an
 * opaque key for the page after and the one before it (the response's `Link` header, rel
 * `next` and `prev`); the pager sends it back as `page_key` with the neighbouring page's
 * number. It only makes the page cheaper to find: the page asked for is the page answered,
 * with or without it, and a key that no longer fits (the list changed) is ignored.
 */
export const PAGE_KEY_PARAM = 'page_key';
/** The longest `page_key` the API reads; a longer one is not a key it wrote. */
export const MAX_PAGE_KEY_LENGTH = 1000;

/** A phone's 'Sort by' choice: '<column> (ascending)'. */
export const SORT_LABELS = {
  sortBy: 'Sort by',
  defaultOrder: 'Default order',
  asc: '(ascending)',
  desc: '(descending)',
} as const;

/**
 * Exporting a list (issue 33): `GET /api/<list>/export?<the list's query>` answers every
 * matching row, in the list's sort, as CSV named `<list>-<YYYY-MM-DD>.csv`. The server reads
 * the rows in batches of EXPORT_BATCH_ROWS, so its memory stays flat whatever the count.
 */
export const EXPORT_BATCH_ROWS = 1000;
export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';
export const exportFileName = (list: string, day: string) => `${list}-${day}.csv`;
export const EXPORT_LABELS = {
  button: 'Export CSV',
  cancel: 'Cancel',
  /** While the file downloads: the rows received so far. */
  progress: (rows: number) => `Exporting… ${rows.toLocaleString('en-US')} rows`,
} as const;
export const EXPORT_MESSAGES = {
  done: (rows: number) => `Exported ${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`,
  cancelled: 'Export cancelled',
  failed: 'The export failed. Please try again.',
} as const;

/** Spec §3 "Pagination object": exactly these fields (`pagination` in common.ts checks it). */
export interface Pagination {
  current_page: number;
  per_page: number;
  total: number;
  total_pages: number;
  has_next_page: boolean;
  has_prev_page: boolean;
  next_page: number | null;
  prev_page: number | null;
}

export function buildPagination(total: number, page: number, perPage: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const hasNext = page < totalPages;
  const hasPrev = page > 1;
  return {
    current_page: page,
    per_page: perPage,
    total,
    total_pages: totalPages,
    has_next_page: hasNext,
    has_prev_page: hasPrev,
    next_page: hasNext ? page + 1 : null,
    prev_page: hasPrev ? page - 1 : null,
  };
}

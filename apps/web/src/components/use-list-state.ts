import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  LIST_MESSAGES,
  PAGE_SIZE_OPTIONS,
  type SortOrder,
} from '@cricket/contracts';
import {
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';

/** Spec §9 debounces are 300 ms for searches unless a screen says otherwise. */
const DEFAULT_DEBOUNCE_MS = 300;

/** A sortable header's press: ascending, then descending, then the list's own order again. */
export function nextSort(current: ListSort | null, key: string): ListSort | null {
  if (current?.key !== key) return { key, order: 'asc' };
  return current.order === 'asc' ? { key, order: 'desc' } : null;
}

/** Whether a filter's value from the address is one the screen can use. */
export type FilterCheck = (value: string) => boolean;

export interface ListStateOptions<Key extends string> {
  /** Every filter the list has, read from and written to the URL query under these names. */
  filters: readonly Key[];
  /** The free-text ones: written to the URL only after the user pauses typing. */
  textFilters?: readonly Key[];
  /**
   * Checks of the values a filter can take (a status among the statuses, a record id): a
   * value in the address that fails is dropped, with a note, before any request is made.
   */
  checks?: Partial<Record<Key, FilterCheck>>;
  /** From–to pairs (days): a start after the end is an error on the pair, and no request. */
  ranges?: readonly (readonly [Key, Key])[];
  /** The column keys the list can sort by (contracts' `<LIST>_SORT_KEYS`), kept in the URL. */
  sorts?: readonly string[];
  debounceMs?: number;
}

/** The list's sort as the URL holds it: `sort=<key>&order=asc|desc`. */
export interface ListSort {
  key: string;
  order: SortOrder;
}

function positiveInt(raw: string | null, fallback: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

/** One of the values a select offers: `checks: { status: oneOf(USER_STATUSES) }`. */
export const oneOf =
  (values: readonly string[]): FilterCheck =>
  (value) =>
    values.includes(value);

/** A day as the date filters write it, 'YYYY-MM-DD'. */
export const isDay: FilterCheck = (value) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * Page, page size and filters of a list, kept in the URL query so back/forward, reload and
 * shared links restore the same view (architecture, convention 6). Any filter or page-size
 * change goes back to page 1 (spec §4).
 *
 * `filters` are the applied values to query with; `inputs` are what the filter controls show,
 * which for text filters run ahead of the URL until the debounce fires.
 *
 * A value in the address the screen cannot use (a page of 'abc', a size the bar does not
 * offer, a filter failing its check, or one the server refused, see `drop`) is taken out of
 * the address and `ignored` says so, for a quiet note instead of a failed load (issue 30).
 */
export function useListState<Key extends string>({
  filters: keys,
  textFilters = [],
  checks = {},
  ranges = [],
  sorts = [],
  debounceMs = DEFAULT_DEBOUNCE_MS,
}: ListStateOptions<Key>) {
  const [params, setParams] = useSearchParams();
  // React Router applies a change to the query of the render it came from, and a navigation
  // commits later; writes are built on the newest query instead, so a debounced search or two
  // quick changes never undo one another.
  const latestParams = useRef(params);
  useLayoutEffect(() => {
    latestParams.current = params;
  }, [params]);
  // A search that settles after the user has opened another screen (a row clicked mid-search)
  // must not navigate back to this list. The router's own state is asked, not the rendered
  // location: the new screen may be loading, or loaded and not yet drawn.
  const { pathname } = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const here = useRef(pathname);
  useLayoutEffect(() => {
    here.current = pathname;
  }, [pathname]);
  const leaving = () => {
    const state = router?.state;
    if (!state) return false;
    const going = state.navigation.location?.pathname;
    return state.location.pathname !== here.current || (!!going && going !== here.current);
  };
  const [drafts, setDrafts] = useState<Partial<Record<Key, string>>>({});
  const timers = useRef(new Map<Key, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const [ignored, setIgnored] = useState(false);
  const unusable: string[] = [];

  const rawPage = params.get('page');
  const page = positiveInt(rawPage, DEFAULT_PAGE);
  if (rawPage !== null && positiveInt(rawPage, 0) === 0) unusable.push('page');
  const rawLimit = params.get('limit');
  const requestedLimit = positiveInt(rawLimit, 0);
  const limit = (PAGE_SIZE_OPTIONS as readonly number[]).includes(requestedLimit)
    ? requestedLimit
    : DEFAULT_PAGE_SIZE;
  if (rawLimit !== null && limit !== requestedLimit) unusable.push('limit');

  const rawSort = params.get('sort');
  const rawOrder = params.get('order');
  const sortUsable = rawSort === null || sorts.includes(rawSort);
  if (!sortUsable) unusable.push('sort');
  const orderUsable = rawOrder === null || rawOrder === 'asc' || rawOrder === 'desc';
  if (!orderUsable) unusable.push('order');
  const sort: ListSort | null =
    rawSort !== null && sortUsable
      ? { key: rawSort, order: rawOrder === 'desc' ? 'desc' : 'asc' }
      : null;

  /** What the address asks for, less what the screen cannot use: the controls show this. */
  const shown = {} as Record<Key, string>;
  for (const key of keys) {
    const raw = params.get(key) ?? '';
    const usable = raw === '' || (checks[key]?.(raw) ?? true);
    if (!usable) unusable.push(key);
    shown[key] = usable ? raw : '';
  }

  // A start after its end is the user's to correct: an error on the pair, and nothing asked of
  // the server until it is (the query is held back by `blocked`).
  const errors: Partial<Record<Key, string>> = {};
  for (const [from, to] of ranges) {
    if (shown[from] && shown[to] && shown[from] > shown[to])
      errors[to] = LIST_MESSAGES.invertedRange;
  }
  const filters = shown;

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      const next = new URLSearchParams(latestParams.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      latestParams.current = next;
      setParams(next, { replace });
    },
    [setParams],
  );

  /** Takes values the screen cannot use out of the address, without a history entry. */
  const drop = useCallback(
    (names: readonly string[]) =>
      update(Object.fromEntries(names.map((name) => [name, null])), true),
    [update],
  );
  const noteIgnored = useCallback(() => setIgnored(true), []);
  const unusableKey = unusable.join(',');
  // Noted while rendering (the React way to follow an input), taken out of the URL after.
  if (unusableKey && !ignored) setIgnored(true);
  useEffect(() => {
    if (unusableKey) drop(unusableKey.split(','));
  }, [unusableKey, drop]);

  const setFilter = useCallback(
    (key: Key, value: string) => {
      setIgnored(false);
      if (!textFilters.includes(key)) {
        update({ [key]: value, page: null });
        return;
      }
      setDrafts((current) => ({ ...current, [key]: value }));
      clearTimeout(timers.current.get(key));
      timers.current.set(
        key,
        setTimeout(() => {
          timers.current.delete(key);
          if (leaving()) return;
          // Replace, not push: one history entry per search, not one per pause in typing.
          update({ [key]: value, page: null }, true);
          setDrafts((current) => {
            const next = { ...current };
            delete next[key];
            return next;
          });
        }, debounceMs),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- leaving() reads refs and the router
    [debounceMs, textFilters, update],
  );

  /** `replace` corrects the URL (a page past the end) without adding a history entry. */
  const setPage = useCallback(
    (next: number, replace = false) =>
      update({ page: next === DEFAULT_PAGE ? null : String(next) }, replace),
    [update],
  );

  const setLimit = useCallback(
    (next: number) => {
      setIgnored(false);
      update({ limit: next === DEFAULT_PAGE_SIZE ? null : String(next), page: null });
    },
    [update],
  );

  /** A new sort starts from page 1, as a filter does. */
  const setSort = useCallback(
    (next: ListSort | null) => {
      setIgnored(false);
      update({
        sort: next?.key ?? null,
        order: next?.order === 'desc' ? 'desc' : null,
        page: null,
      });
    },
    [update],
  );

  const inputs = { ...shown, ...drafts } as Record<Key, string>;
  const errorsKey = JSON.stringify(errors);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same errors keep one object
  const stableErrors = useMemo(() => errors, [errorsKey]);

  return {
    page,
    limit,
    filters,
    /** The sort asked for, or null for the list's own order. */
    sort,
    setSort,
    inputs,
    /** Errors on filters the user must correct, by filter name. */
    errors: stableErrors,
    /** A filter is in error: the list asks the server nothing until it is corrected. */
    blocked: Object.keys(errors).length > 0,
    /** The address held a value the screen could not use, and it was dropped. */
    ignored,
    /** Takes values out of the address; `noteIgnored` says so on screen. */
    drop,
    noteIgnored,
    setFilter,
    setPage,
    setLimit,
  };
}

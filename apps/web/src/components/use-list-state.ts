import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@cricket/contracts';
import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';

/** Spec §9 debounces are 300 ms for searches unless a screen says otherwise. */
const DEFAULT_DEBOUNCE_MS = 300;

interface ListStateOptions<Key extends string> {
  /** Every filter the list has, read from and written to the URL query under these names. */
  filters: readonly Key[];
  /** The free-text ones: written to the URL only after the user pauses typing. */
  textFilters?: readonly Key[];
  debounceMs?: number;
}

function positiveInt(raw: string | null, fallback: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

/**
 * Page, page size and filters of a list, kept in the URL query so back/forward, reload and
 * shared links restore the same view (architecture, convention 6). Any filter or page-size
 * change goes back to page 1 (spec §4).
 *
 * `filters` are the applied values to query with; `inputs` are what the filter controls show,
 * which for text filters run ahead of the URL until the debounce fires.
 */
export function useListState<Key extends string>({
  filters: keys,
  textFilters = [],
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

  const page = positiveInt(params.get('page'), DEFAULT_PAGE);
  const requestedLimit = positiveInt(params.get('limit'), DEFAULT_PAGE_SIZE);
  const limit = (PAGE_SIZE_OPTIONS as readonly number[]).includes(requestedLimit)
    ? requestedLimit
    : DEFAULT_PAGE_SIZE;

  const filters = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<
    Key,
    string
  >;

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

  const setFilter = useCallback(
    (key: Key, value: string) => {
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
    (next: number) =>
      update({ limit: next === DEFAULT_PAGE_SIZE ? null : String(next), page: null }),
    [update],
  );

  const inputs = { ...filters, ...drafts } as Record<Key, string>;

  return { page, limit, filters, inputs, setFilter, setPage, setLimit };
}

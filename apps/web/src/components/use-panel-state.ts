import { useCallback, useState } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { parseRecordId, recordPathHref } from '@/lib/record-route';

/** Panels the spec gives a route of their own; the record of such a panel is its id. */
export interface PanelRoutes<Mode extends string> {
  /** Route pattern per routed mode, with `:id`: `{ view: '/email-templates/:id' }`. */
  routes: Partial<Record<Mode, string>>;
  /** Where closing a routed panel goes: the list's own path (`/email-templates`). */
  closedPath: string;
}

interface Opening<Mode, Rec> {
  mode: Mode;
  record: Rec | null;
}

export interface PanelState<Mode extends string, Rec> {
  /** The panel open now, or null when none is. */
  mode: Mode | null;
  /**
   * The record of the latest opening, kept after closing so the panel still shows it while it
   * animates out; null for an opening without one (create).
   */
  record: Rec | null;
  /** The record while a panel is open, null once closed: what to fetch, or to close on delete. */
  openRecord: Rec | null;
  /** True while the panel is open in one of these modes. */
  isOpen: (...modes: Mode[]) => boolean;
  /**
   * `record` if the latest opening was in one of these modes, else null: for a screen whose
   * panels share one state, so a closed form never holds the record another panel showed.
   */
  recordFor: (...modes: Mode[]) => Rec | null;
  open: (mode: Mode, record?: Rec | null) => void;
  close: () => void;
  /** For a panel's `onOpenChange`: false closes; panels open through `open`. */
  onOpenChange: (open: boolean) => void;
}

function matchRoute<Mode extends string>(
  routes: Partial<Record<Mode, string>>,
  pathname: string,
): Opening<Mode, number> | null {
  for (const [mode, pattern] of Object.entries(routes) as [Mode, string][]) {
    const match = matchPath(pattern, pathname);
    if (!match) continue;
    const id = parseRecordId(match.params.id);
    return id === null ? null : { mode, record: id };
  }
  return null;
}

/**
 * Which side panel or modal of a screen is open, in what mode (create, edit, view, reply…), and
 * for which record. One screen keeps one: `open('edit', team)`, `close()`, and the panels read
 * `isOpen('edit')` and `record`.
 *
 * With `routes`, the modes the spec gives a route are read from and written to the URL (the
 * list's query stays as it is), so back/forward, reload and shared links open the same panel;
 * their record is the id in the path. Other modes stay in component state.
 */
export function usePanelState<Mode extends string, Rec = never>(): PanelState<Mode, Rec>;
export function usePanelState<Mode extends string>(
  options: PanelRoutes<Mode>,
): PanelState<Mode, number>;
export function usePanelState<Mode extends string, Rec>(
  options?: PanelRoutes<Mode>,
): PanelState<Mode, Rec> {
  const location = useLocation();
  const navigate = useNavigate();
  const routed = options
    ? (matchRoute(options.routes, location.pathname) as Opening<Mode, Rec> | null)
    : null;

  const [local, setLocal] = useState<Mode | null>(null);
  const [latest, setLatest] = useState<Opening<Mode, Rec> | null>(routed);
  // A routed panel opens by navigation (a link, back/forward), not through `open`: note it while
  // rendering, so its record outlives the route like a local panel's does.
  if (routed && (routed.mode !== latest?.mode || routed.record !== latest.record)) {
    setLatest(routed);
  }

  const mode = routed?.mode ?? local;
  const record = routed?.record ?? latest?.record ?? null;
  const routes = options?.routes;
  const closedPath = options?.closedPath;
  const { search } = location;
  const isRouted = routed !== null;

  const open = useCallback(
    (next: Mode, nextRecord: Rec | null = null) => {
      const pattern = routes?.[next];
      if (pattern !== undefined && typeof nextRecord === 'number') {
        void navigate({ pathname: recordPathHref(pattern, nextRecord), search });
        return;
      }
      setLocal(next);
      setLatest({ mode: next, record: nextRecord });
    },
    [routes, navigate, search],
  );
  const close = useCallback(() => {
    setLocal(null);
    if (isRouted && closedPath !== undefined) void navigate({ pathname: closedPath, search });
  }, [isRouted, closedPath, navigate, search]);
  const onOpenChange = useCallback((next: boolean) => !next && close(), [close]);

  return {
    mode,
    record,
    openRecord: mode === null ? null : record,
    isOpen: (...modes) => mode !== null && modes.includes(mode),
    recordFor: (...modes) => (latest && modes.includes(latest.mode) ? latest.record : null),
    open,
    close,
    onOpenChange,
  };
}

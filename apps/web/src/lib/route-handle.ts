import { useMatches } from 'react-router';
import { useEffect } from 'react';

/** The product's name, after every page's own in the tab title ('Users · Cricket Admin'). */
export const APP_NAME = 'Cricket Admin';

/** A breadcrumb entry a route names for a segment of its path that is no page of its own. */
export interface CrumbOverride {
  label: string;
  /** The page the segment belongs to, e.g. 'Templates' in /wa/templates/view/7 → /wa-templates. */
  to?: string;
}

/**
 * What a route says about itself to the shell, as its `handle`: the page's title and, where a
 * path's own words read wrong, the breadcrumb's. Declared once per route in the feature's
 * routes.tsx; the shell reads it with useMatches, so no screen sets the tab title itself.
 */
export interface RouteHandle {
  /** The page's name, as its heading says it: the tab reads '<title> · Cricket Admin'. */
  title: string;
  /** The breadcrumb's words for the route's own last segment ('WA Templates' for wa-templates). */
  crumb?: string;
  /** Words and targets for the path's other segments, keyed by the path up to them ('/wa'). */
  crumbs?: Record<string, CrumbOverride>;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as { title?: unknown }).title === 'string'
  );
}

/** '<title> · Cricket Admin', or the product's name alone. */
export const documentTitle = (title: string | undefined) =>
  title ? `${title} · ${APP_NAME}` : APP_NAME;

/** The handle of the deepest matched route that has one: the page on screen. */
export function usePageHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

/** Keeps the tab title on the page on screen; the root route calls it once for every page. */
export function useDocumentTitle(): void {
  const title = usePageHandle()?.title;
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

import { ChevronRight, House } from 'lucide-react';
import { useContext } from 'react';
import {
  Link,
  matchRoutes,
  UNSAFE_DataRouterContext,
  useLocation,
  type RouteObject,
} from 'react-router';
import { cn } from '@/lib/cn';
import { isRouteHandle, usePageHandle, type RouteHandle } from '@/lib/route-handle';

interface Crumb {
  /** The path up to this segment: the key of the list. */
  path: string;
  label: string;
  /** Where the crumb leads; none for a segment that is no page. */
  to?: string;
}

/** 'wa-template-categories' → 'Wa Template Categories'. */
function segmentLabel(segment: string): string {
  return decodeURIComponent(segment)
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The route a path shows, when it is a page: the deepest match, unless that is the catch-all
 * not-found route. Its handle may name the segment better than its letters do.
 */
function pageAt(routes: RouteObject[], path: string): { handle?: RouteHandle } | null {
  const leaf = matchRoutes(routes, path)?.at(-1)?.route;
  if (!leaf || leaf.path === '*') return null;
  return { handle: isRouteHandle(leaf.handle) ? leaf.handle : undefined };
}

/**
 * One crumb per path segment (spec §2). A segment that is a page links to it, named by its
 * route's `crumb` or by its letters; one that is no page (the 'wa' of /wa/templates/view/7)
 * is plain text, unless the page on screen names it and the page it belongs to (`crumbs`).
 */
function crumbsFor(
  pathname: string,
  routes: RouteObject[],
  overrides: RouteHandle['crumbs'] = {},
): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const override = overrides[path];
    if (override) return { path, label: override.label, to: override.to };
    const page = pageAt(routes, path);
    return {
      path,
      label: page?.handle?.crumb ?? segmentLabel(segment),
      to: page ? path : undefined,
    };
  });
}

function Separator({ className }: { className?: string }) {
  return (
    <ChevronRight
      className={cn('size-3.5 shrink-0 text-neutral-400', className)}
      aria-hidden="true"
    />
  );
}

/**
 * Spec §2 breadcrumb: Home, then one link per path segment, the last one plain text; a
 * segment that is no page is never a link to 'Page not found'. Small screens keep only the
 * last segment, after an ellipsis when the path is deeper than two.
 */
export function Breadcrumb() {
  const { pathname } = useLocation();
  const routes = useContext(UNSAFE_DataRouterContext)?.router.routes ?? [];
  const crumbs = crumbsFor(pathname, routes, usePageHandle()?.crumbs);
  const lastIndex = crumbs.length - 1;
  const onSmallScreensHidden = 'hidden sm:flex';

  return (
    <nav
      aria-label="Breadcrumb"
      className="border-b border-neutral-200 bg-surface px-4 py-2.5 sm:px-6"
    >
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-neutral-500">
        <li
          className={cn('items-center gap-1.5', crumbs.length > 0 ? onSmallScreensHidden : 'flex')}
        >
          <Link to="/" className="flex items-center gap-1 rounded hover:text-primary-700">
            <House className="size-3.5" aria-hidden="true" />
            Home
          </Link>
        </li>
        {crumbs.length > 2 && (
          <li
            aria-hidden="true"
            data-testid="breadcrumb-ellipsis"
            className="flex items-center gap-1.5 sm:hidden"
          >
            …
            <Separator />
          </li>
        )}
        {crumbs.map((crumb, index) => (
          <li
            key={crumb.path}
            className={cn(
              'min-w-0 items-center gap-1.5',
              index === lastIndex ? 'flex' : onSmallScreensHidden,
            )}
          >
            <Separator className={index === lastIndex ? 'hidden sm:block' : undefined} />
            {index === lastIndex ? (
              <span aria-current="page" className="truncate font-medium text-neutral-900">
                {crumb.label}
              </span>
            ) : crumb.to ? (
              <Link to={crumb.to} className="rounded hover:text-primary-700">
                {crumb.label}
              </Link>
            ) : (
              <span>{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

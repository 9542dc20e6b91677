import { ChevronRight, House } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/cn';

interface Crumb {
  label: string;
  to: string;
}

/** 'wa-template-categories' → 'Wa Template Categories'. */
function segmentLabel(segment: string): string {
  return decodeURIComponent(segment)
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function crumbsFor(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => ({
    label: segmentLabel(segment),
    to: `/${segments.slice(0, index + 1).join('/')}`,
  }));
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
 * Spec §2 breadcrumb: Home, then one link per path segment, the last one plain text. Small
 * screens keep only the last segment, after an ellipsis when the path is deeper than two.
 */
export function Breadcrumb() {
  const { pathname } = useLocation();
  const crumbs = crumbsFor(pathname);
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
            key={crumb.to}
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
            ) : (
              <Link to={crumb.to} className="rounded hover:text-primary-700">
                {crumb.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

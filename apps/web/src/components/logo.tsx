import { Link } from 'react-router';
import { cn } from '@/lib/cn';

interface LogoProps {
  /** Keeps only the mark (collapsed sidebar, phones); the name stays for screen readers. */
  compact?: boolean;
  /** White text for the dark sidebar. */
  inverted?: boolean;
  className?: string;
}

/** The logo header: a link home. */
export function Logo({ compact = false, inverted = false, className }: LogoProps) {
  return (
    <Link
      to="/"
      className={cn(
        'flex items-center gap-2.5 rounded-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
        inverted ? 'text-white' : 'text-neutral-900',
        className,
      )}
    >
      <LogoMark />
      <span className={cn('text-base tracking-tight', compact && 'sr-only')}>Cricket Admin</span>
    </Link>
  );
}

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-solid-primary" />
      <circle cx="16" cy="16" r="8" className="fill-white" />
      <path
        d="M10 12c4 2 8 2 12 0M10 20c4-2 8-2 12 0"
        className="stroke-solid-primary"
        strokeWidth="1.6"
        fill="none"
        strokeDasharray="1.5 1.5"
      />
    </svg>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface DetailItemProps {
  label: string;
  /** Spans both columns of a two-column grid (long text: a description, a message). */
  wide?: boolean;
  /**
   * `stacked`, the label above the value, suits a grid of fields; `row`, the label beside the
   * value, suits a narrow card or a list of facts (a team's card, a send's outcome).
   */
  layout?: 'stacked' | 'row';
  /** Shown, dimmed, when the value is missing (null, undefined or empty text). */
  fallback?: string;
  children: ReactNode;
}

/** One labelled value of a read-only grid or card, inside a `<dl>`. */
export function DetailItem({
  label,
  wide,
  layout = 'stacked',
  fallback,
  children,
}: DetailItemProps) {
  const missing = children === null || children === undefined || children === '';
  const value =
    missing && fallback !== undefined ? (
      <span className="text-neutral-400">{fallback}</span>
    ) : (
      children
    );
  return (
    <div
      className={cn(
        'min-w-0',
        wide && 'sm:col-span-2',
        layout === 'row' && 'grid grid-cols-1 gap-1 py-2.5 sm:grid-cols-[9rem_minmax(0,1fr)]',
      )}
    >
      <dt
        className={
          layout === 'row' ? 'text-sm text-neutral-500' : 'text-xs font-medium text-neutral-500'
        }
      >
        {label}
      </dt>
      <dd
        className={cn(
          // wrap-anywhere, not break-words: an unbroken value (a long location) must not widen its
          // card's grid column, which sizes to the longest word.
          'text-sm wrap-anywhere text-neutral-900',
          layout === 'stacked' && 'mt-0.5',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

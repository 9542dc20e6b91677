import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

/**
 * A selection checkbox of the list kit: a row's, or the page's with its mixed state ('some'),
 * which HTML sets only from script. A click stays on it: the row or card around it opens
 * on one.
 */
export function RowCheckbox({
  checked,
  label,
  onChange,
  disabled,
  className,
}: {
  checked: boolean | 'mixed';
  label: string;
  onChange: () => void;
  disabled?: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = checked === 'mixed';
  }, [checked]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked === true}
      disabled={disabled}
      onChange={onChange}
      onClick={(event) => event.stopPropagation()}
      className={cn(
        'size-4 cursor-pointer rounded border-neutral-300 accent-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
    />
  );
}

/** The page checkbox's state as the input takes it: mixed when some of the page is selected. */
export const pageChecked = (page: 'none' | 'some' | 'all') =>
  page === 'all' ? true : page === 'some' ? ('mixed' as const) : false;

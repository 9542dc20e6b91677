import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface CardProps {
  /** Heading text; the card is then a labelled region. */
  title?: ReactNode;
  /** Shown at the right of the heading, e.g. a View All link. */
  actions?: ReactNode;
  className?: string;
  /** Body padding; tables go edge to edge with `flush`. */
  flush?: boolean;
  children: ReactNode;
}

export function Card({ title, actions, className, flush = false, children }: CardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      className={cn('rounded-xl border border-neutral-200 bg-surface shadow-sm', className)}
    >
      {(title || actions) && (
        <header className="flex items-center justify-between gap-3 border-b border-neutral-100 px-5 py-4">
          {title && (
            <h2 id={titleId} className="text-base font-semibold text-neutral-900">
              {title}
            </h2>
          )}
          {actions}
        </header>
      )}
      <div className={flush ? undefined : 'p-5'}>{children}</div>
    </section>
  );
}

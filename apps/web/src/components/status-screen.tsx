import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface StatusScreenProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** Buttons or links under the text. */
  actions?: ReactNode;
  tone?: 'brand' | 'warning' | 'danger';
  /** h2 when the screen sits under a page title of its own. */
  headingLevel?: 1 | 2;
  className?: string;
}

const TONES = {
  brand: 'bg-primary-50 text-primary-700',
  warning: 'bg-warning-50 text-warning-700',
  danger: 'bg-danger-50 text-danger-600',
} as const;

/** The centred message screens: placeholder, not found, not allowed, unexpected error. */
export function StatusScreen({
  icon: Icon,
  title,
  children,
  actions,
  tone = 'brand',
  headingLevel = 1,
  className,
}: StatusScreenProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className={cn('flex flex-col items-center justify-center px-4 py-16 text-center', className)}
    >
      <span
        className={cn('mb-5 flex size-14 items-center justify-center rounded-2xl', TONES[tone])}
      >
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <Heading className="text-2xl font-semibold text-neutral-900">{title}</Heading>
      {children && <div className="mt-2 max-w-md text-sm text-neutral-600">{children}</div>}
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </section>
  );
}

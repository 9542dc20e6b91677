import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type BadgeTone = 'gray' | 'green' | 'red' | 'yellow' | 'blue' | 'purple' | 'orange';

const TONES: Record<BadgeTone, string> = {
  gray: 'bg-neutral-100 text-neutral-700 ring-neutral-200',
  green: 'bg-primary-50 text-primary-700 ring-primary-200',
  red: 'bg-danger-50 text-danger-700 ring-danger-200',
  yellow: 'bg-warning-50 text-warning-800 ring-warning-200',
  blue: 'bg-info-50 text-info-700 ring-info-200',
  purple: 'bg-accent-50 text-accent-700 ring-accent-200',
  orange: 'bg-highlight-50 text-highlight-700 ring-highlight-200',
};

export function Badge({
  tone = 'gray',
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

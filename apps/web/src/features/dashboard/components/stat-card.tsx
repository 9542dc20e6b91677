import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

const ACCENTS = {
  emerald: 'bg-primary-50 text-primary-700',
  sky: 'bg-info-50 text-info-700',
  amber: 'bg-warning-50 text-warning-700',
  violet: 'bg-accent-50 text-accent-700',
} as const;

interface StatCardProps {
  label: string;
  value: number;
  detail: string;
  icon: LucideIcon;
  accent: keyof typeof ACCENTS;
}

export function StatCard({ label, value, detail, icon: Icon, accent }: StatCardProps) {
  return (
    <section
      aria-label={label}
      className="flex items-start justify-between gap-4 rounded-xl border border-neutral-200 bg-surface p-5 shadow-sm"
    >
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-neutral-500">{label}</h2>
        <p className="mt-2 text-3xl font-semibold tracking-tight text-neutral-900">
          {value.toLocaleString('en-US')}
        </p>
        <p className="mt-1 text-sm text-neutral-500">{detail}</p>
      </div>
      <span
        className={cn(
          'flex size-11 shrink-0 items-center justify-center rounded-xl',
          ACCENTS[accent],
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
    </section>
  );
}

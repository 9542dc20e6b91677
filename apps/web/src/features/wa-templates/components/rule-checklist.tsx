import { checkWaTemplate, type WaTemplateDraft } from '@cricket/contracts';
import { CircleCheck, CircleMinus, CircleX, TriangleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';

const LOOK = {
  pass: { icon: CircleCheck, className: 'text-primary-700', label: 'Passed' },
  fail: { icon: CircleX, className: 'text-danger-600', label: 'Failed' },
  warn: { icon: TriangleAlert, className: 'text-warning-700', label: 'Warning' },
  skip: { icon: CircleMinus, className: 'text-neutral-400', label: 'Does not apply' },
} as const;

/** WhatsApp's rules, checked as the template is written (the same checker the API runs). */
export function RuleChecklist({ draft }: { draft: WaTemplateDraft }) {
  const checks = checkWaTemplate(draft);
  const failed = checks.filter((c) => c.status === 'fail').length;
  return (
    <section aria-labelledby="wa-rules-title" className="rounded-lg border border-neutral-200 p-3">
      <h3 id="wa-rules-title" className="text-sm font-semibold text-neutral-900">
        WhatsApp rules{' '}
        <span className={cn('font-normal', failed ? 'text-danger-600' : 'text-neutral-500')}>
          ({failed ? `${failed} to fix` : 'all met'})
        </span>
      </h3>
      <ul className="mt-2 space-y-1.5" aria-label="WhatsApp rules checklist">
        {checks.map((check) => {
          const look = LOOK[check.status];
          const Icon = look.icon;
          return (
            <li key={check.rule} data-status={check.status} className="flex gap-2 text-xs">
              <Icon
                className={cn('mt-px size-4 shrink-0', look.className)}
                aria-label={look.label}
              />
              <span className={check.status === 'skip' ? 'text-neutral-400' : 'text-neutral-700'}>
                {check.label}
                {check.message && (
                  <span className={cn('block', look.className)}>{check.message}</span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

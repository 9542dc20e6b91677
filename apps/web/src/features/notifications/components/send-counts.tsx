import type { SendCounts } from '@cricket/contracts';

/** "3 sent · 1 failed · 0 skipped · 2 queued" out of the total. */
export function SendCountsText({ counts }: { counts: SendCounts }) {
  const parts = [
    ['sent', counts.sent, 'text-primary-700'],
    ['delivered', counts.delivered, 'text-primary-700'],
    ['read', counts.read, 'text-primary-700'],
    ['failed', counts.failed, 'text-danger-700'],
    ['skipped', counts.skipped, 'text-warning-800'],
    ['queued', counts.queued, 'text-info-700'],
    ['cancelled', counts.cancelled, 'text-neutral-600'],
  ] as const;
  return (
    <span className="flex flex-wrap gap-x-2 text-xs text-neutral-500">
      <span className="font-medium text-neutral-800">{counts.total.toLocaleString()} total</span>
      {parts
        .filter(([, n]) => n > 0)
        .map(([label, n, tone]) => (
          <span key={label} className={tone}>
            {n.toLocaleString()} {label}
          </span>
        ))}
    </span>
  );
}

import { QUIET_HOURS_TEXTS, type NotificationSend } from '@cricket/contracts';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';

/** Deliveries that reached an outcome: what the rate counts. */
const doneOf = (c: NotificationSend['counts']) => c.sent + c.failed + c.skipped + c.cancelled;

/**
 * The rate between the first and the latest answer this page saw, timed by when each arrived
 * (`updatedAt`, the browser's clock): the server's started_at would carry any difference
 * between the two machines' clocks. An ended send shows its average from start to finish.
 */
function useLiveRate(send: NotificationSend, updatedAt: number): number | null {
  const done = doneOf(send.counts);
  const [first] = useState({ at: updatedAt, done });
  if (send.finished_at && send.started_at) {
    const seconds = (Date.parse(send.finished_at) - Date.parse(send.started_at)) / 1000;
    return seconds > 0 ? done / seconds : null;
  }
  const seconds = (updatedAt - first.at) / 1000;
  return seconds > 0 && done > first.done ? (done - first.done) / seconds : null;
}

const SEGMENTS = [
  ['sent', 'Sent', 'bg-primary-600', 'text-primary-800'],
  ['failed', 'Failed', 'bg-danger-600', 'text-danger-700'],
  ['skipped', 'Skipped', 'bg-warning-500', 'text-warning-800'],
  ['cancelled', 'Cancelled', 'bg-neutral-400', 'text-neutral-700'],
  ['queued', 'Waiting', 'bg-neutral-200', 'text-neutral-700'],
] as const;

/** Of those sent, what Meta has reported on the phone and read (WhatsApp), as it arrives. */
const REPORTED = [
  ['delivered', 'Delivered'],
  ['read', 'Read'],
] as const;

/** Sent, failed and waiting at a glance, with a bar and the rate: at the top of the send's page. */
export function SendProgress({ send, updatedAt }: { send: NotificationSend; updatedAt: number }) {
  const rate = useLiveRate(send, updatedAt);
  const { counts } = send;
  const total = Math.max(counts.total, 1);
  const done = doneOf(counts);
  const percent = Math.round((done / total) * 100);
  // Everything still waiting is held by quiet hours: nothing to measure until they end.
  const onlyHeld = send.quiet_held > 0 && send.quiet_held === counts.queued;
  const running = send.status === 'running';
  return (
    <Card title="Progress" className="mb-6">
      <div className="space-y-3">
        <dl className="grid grid-cols-3 gap-3 sm:grid-cols-5">
          {SEGMENTS.filter(([key]) => key !== 'cancelled' || counts.cancelled > 0)
            .filter(([key]) => key !== 'skipped' || counts.skipped > 0)
            .map(([key, label, , tone]) => (
              <div key={key} className="min-w-0">
                <dt className="text-xs text-neutral-600">{label}</dt>
                <dd className={`text-xl font-semibold tabular-nums ${tone}`}>
                  {counts[key].toLocaleString()}
                </dd>
              </div>
            ))}
          {send.channel === 'whatsapp' &&
            REPORTED.map(([key, label]) => (
              <div key={key} className="min-w-0">
                <dt className="text-xs text-neutral-600">{label}</dt>
                <dd className="text-xl font-semibold text-primary-800 tabular-nums">
                  {counts[key].toLocaleString()}
                </dd>
              </div>
            ))}
        </dl>
        <div
          role="progressbar"
          aria-label="Deliveries done"
          aria-valuemin={0}
          aria-valuemax={counts.total}
          aria-valuenow={done}
          aria-valuetext={`${done.toLocaleString()} of ${counts.total.toLocaleString()} done`}
          className="flex h-2.5 w-full overflow-hidden rounded-full bg-neutral-100"
        >
          {SEGMENTS.filter(([key]) => key !== 'queued').map(([key, , bar]) => (
            <div key={key} className={bar} style={{ width: `${(counts[key] / total) * 100}%` }} />
          ))}
        </div>
        <p className="flex flex-wrap justify-between gap-x-4 text-xs text-neutral-600">
          <span>
            {done.toLocaleString()} of {counts.total.toLocaleString()} done ({percent}%)
          </span>
          <span>
            {rate === null
              ? running && !onlyHeld
                ? 'Measuring rate…'
                : ''
              : `${rate >= 10 ? Math.round(rate) : rate.toFixed(1)} per second${running ? '' : ' on average'}`}
          </span>
        </p>
        {send.quiet_held > 0 && send.quiet_held_until && (
          <p className="text-sm text-neutral-700">
            {QUIET_HOURS_TEXTS.waiting(send.quiet_held, formatDateTime(send.quiet_held_until))}
          </p>
        )}
      </div>
    </Card>
  );
}

import {
  CHANNEL_LABELS,
  CONSENT_REASON_MAX,
  CONSENT_SOURCE_LABELS,
  PREFERENCE_MESSAGES,
  PREFERENCE_SUCCESS,
  SEND_CHANNELS,
  type Preference,
} from '@cricket/contracts';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useCan } from '@/lib/session';
import { useErrorToast } from '@/lib/use-error-toast';
import { usePreferences, useSetPreference } from '../api/preferences';

/**
 * The profile's Messaging section (issue 32): each active topic on each channel with a toggle,
 * and the consent history below. Unsubscribing is one click; resubscribing asks why, since only
 * the person or an admin with a recorded reason may say yes for them.
 */
export function UserMessagingSection({
  userId,
  className,
}: {
  userId: number;
  className?: string;
}) {
  const prefs = usePreferences(userId);
  const canManage = useCan('messaging.manage');
  const save = useSetPreference(userId);
  const [asking, setAsking] = useState<Preference | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  useErrorToast(prefs.error, PREFERENCE_MESSAGES.fetchFailed);

  const change = async (p: Preference, subscribed: boolean, why: string | null) => {
    try {
      await save.mutateAsync({ topic_id: p.topic_id, channel: p.channel, subscribed, reason: why });
      toast.success(PREFERENCE_SUCCESS.updated);
      return true;
    } catch (error) {
      toast.error(errorMessage(error, PREFERENCE_MESSAGES.updateFailed));
      return false;
    }
  };
  const toggle = (p: Preference) => {
    if (p.subscribed) void change(p, false, null);
    else {
      setReason('');
      setAsking(p);
    }
  };

  const rows = prefs.data ? topicsOf(prefs.data.preferences) : [];
  return (
    <Card title={PREFERENCE_MESSAGES.title} className={className}>
      {prefs.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-500">
          <Spinner className="size-4" /> Loading...
        </p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-neutral-500">{PREFERENCE_MESSAGES.noTopics}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Messaging preferences by topic and channel</caption>
            <thead>
              <tr className="text-left text-neutral-600">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Topic
                </th>
                {SEND_CHANNELS.map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 text-center font-medium">
                    {CHANNEL_LABELS[c]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([name, cells]) => (
                <tr key={name} className="border-t border-neutral-100">
                  <th scope="row" className="py-2 pr-4 text-left font-medium text-neutral-900">
                    {name}
                  </th>
                  {cells.map((p) => (
                    <td key={p.channel} className="px-3 py-2 text-center">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary-700"
                        checked={p.subscribed}
                        disabled={!canManage || save.isPending}
                        onChange={() => toggle(p)}
                        aria-label={`${p.topic_name} by ${CHANNEL_LABELS[p.channel]}`}
                        title={
                          p.source
                            ? `${CONSENT_SOURCE_LABELS[p.source]}, ${formatDateTime(p.updated_at!)}`
                            : PREFERENCE_MESSAGES.defaultSource
                        }
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 className="mt-6 mb-2 text-sm font-semibold text-neutral-900">
        {PREFERENCE_MESSAGES.historyTitle}
      </h3>
      {prefs.data && prefs.data.history.length > 0 ? (
        <ul
          className="divide-y divide-neutral-100 text-sm"
          aria-label={PREFERENCE_MESSAGES.historyTitle}
        >
          {prefs.data.history.map((h) => (
            <li key={h.id} className="py-2">
              <span className="font-medium text-neutral-900">
                {h.subscribed ? 'Subscribed to' : 'Unsubscribed from'}{' '}
                {h.topic_id === null ? 'every topic' : (h.topic_name ?? 'a deleted topic')} by{' '}
                {CHANNEL_LABELS[h.channel]}
              </span>
              <span className="text-neutral-600">
                {' · '}
                {CONSENT_SOURCE_LABELS[h.source]} · {formatDateTime(h.created_at)}
                {h.address && ` · from ${h.address}`}
              </span>
              {h.reason && <p className="text-neutral-600">{h.reason}</p>}
            </li>
          ))}
        </ul>
      ) : (
        !prefs.isPending && (
          <p className="text-sm text-neutral-500">{PREFERENCE_MESSAGES.historyEmpty}</p>
        )
      )}

      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={
          asking
            ? PREFERENCE_MESSAGES.resubscribeTitle(
                asking.topic_name,
                CHANNEL_LABELS[asking.channel],
              )
            : ''
        }
        description={PREFERENCE_MESSAGES.reasonPrompt}
        tone="primary"
        confirmLabel="Resubscribe"
        busy={save.isPending}
        confirmDisabled={reason.trim() === ''}
        onConfirm={() => {
          if (asking)
            void change(asking, true, reason.trim()).then((done) => done && setAsking(null));
        }}
        details={
          <div className="space-y-1">
            <label htmlFor={reasonId} className="text-sm font-medium text-neutral-900">
              {PREFERENCE_MESSAGES.reasonLabel}
            </label>
            <textarea
              id={reasonId}
              className="w-full rounded-md border border-neutral-300 px-3 py-2 text-sm"
              rows={3}
              maxLength={CONSENT_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
        }
      />
    </Card>
  );
}

/** The answer's rows grouped by topic, in its order (name, then channel). */
function topicsOf(preferences: Preference[]): [string, Preference[]][] {
  const byTopic = new Map<number, [string, Preference[]]>();
  for (const p of preferences) {
    const entry = byTopic.get(p.topic_id) ?? [p.topic_name, []];
    entry[1].push(p);
    byTopic.set(p.topic_id, entry);
  }
  return [...byTopic.values()];
}

import {
  CHANNEL_LABELS,
  CONSENT_REASON_MAX,
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_SUCCESS,
  type PublicPreference,
  type PublicPreferencesData,
  type PublicPreferencesInput,
} from '@cricket/contracts';
import { useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { PublicCard } from '@/components/public-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/http';
import { useSingleFlight } from '@/lib/use-single-flight';
import { usePublicPreferences, useSavePublicPreferences } from '../api/preferences';

const keyOf = (p: Pick<PublicPreference, 'topic_id' | 'channel'>) => `${p.topic_id}:${p.channel}`;

/** Rows of the table: each topic with its cells in the channels' order. */
function topicsOf(data: PublicPreferencesData) {
  const topics = new Map<number, { name: string; description: string | null }>();
  for (const p of data.preferences)
    topics.set(p.topic_id, { name: p.topic_name, description: p.topic_description });
  return [...topics].map(([id, t]) => ({
    id,
    ...t,
    cells: data.channels.map((channel) =>
      data.preferences.find((p) => p.topic_id === id && p.channel === channel)!,
    ),
  }));
}

/**
 * /u/{token}: the person's own preference page (issue 32, decision 052). No sign-in: the token
 * names them. Each topic per channel has a checkbox; Save sends what changed, 'Unsubscribe from
 * all' turns everything off at once; account messages are explained, not offered.
 */
export function PreferencesPage() {
  const { token = '' } = useParams();
  const prefs = usePublicPreferences(token);
  const save = useSavePublicPreferences(token);
  const flight = useSingleFlight();
  const [draft, setDraft] = useState<Record<string, boolean>>({});
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const reasonId = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);

  if (prefs.isPending)
    return (
      <PublicCard>
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-500">
          <Spinner className="size-4" /> Loading...
        </p>
      </PublicCard>
    );
  if (prefs.isError) {
    const invalid = prefs.error instanceof ApiError && prefs.error.status === 404;
    return (
      <PublicCard>
        <h1 className="text-xl font-semibold text-neutral-900">
          {invalid ? UNSUBSCRIBE_MESSAGES.notFoundTitle : UNSUBSCRIBE_MESSAGES.title}
        </h1>
        <p role="alert" className="mt-2 text-sm text-neutral-700">
          {invalid
            ? UNSUBSCRIBE_MESSAGES.notFound
            : errorMessage(prefs.error, UNSUBSCRIBE_MESSAGES.fetchFailed)}
        </p>
      </PublicCard>
    );
  }

  const data = prefs.data;
  const rows = topicsOf(data);
  const current = (p: PublicPreference) => draft[keyOf(p)] ?? p.subscribed;
  const changes = data.preferences
    .filter((p) => current(p) !== p.subscribed)
    .map((p) => ({ topic_id: p.topic_id, channel: p.channel, subscribed: current(p) }));
  const linkChannel = CHANNEL_LABELS[data.link.channel];

  const submit = (values: PublicPreferencesInput) =>
    void flight.run(async () => {
      try {
        await save.mutateAsync({ ...values, reason: reason.trim() || null });
        setDraft({});
        setOutcome({ ok: true, text: UNSUBSCRIBE_SUCCESS.saved });
      } catch (error) {
        setOutcome({ ok: false, text: errorMessage(error, UNSUBSCRIBE_MESSAGES.saveFailed) });
      }
      statusRef.current?.focus();
    });

  return (
    <PublicCard>
      <h1 className="text-xl font-semibold text-neutral-900 sm:text-2xl">
        {UNSUBSCRIBE_MESSAGES.title}
      </h1>
      <p className="mt-2 text-sm text-neutral-700">
        {UNSUBSCRIBE_MESSAGES.greeting(data.first_name)}
      </p>
      <p className="mt-1 text-sm text-neutral-600">
        {data.link.topic_name
          ? UNSUBSCRIBE_MESSAGES.linkTopic(data.link.topic_name, linkChannel)
          : UNSUBSCRIBE_MESSAGES.linkAll(linkChannel)}{' '}
        {UNSUBSCRIBE_MESSAGES.intro}
      </p>

      <form
        className="mt-6 space-y-6"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit({ changes });
        }}
      >
        {rows.length === 0 ? (
          <p className="text-sm text-neutral-600">{UNSUBSCRIBE_MESSAGES.noTopics}</p>
        ) : (
          <div className="-mx-1 overflow-x-auto px-1">
            <table className="w-full text-sm">
              <caption className="sr-only">{UNSUBSCRIBE_MESSAGES.title}</caption>
              <thead>
                <tr className="text-left text-neutral-700">
                  <th scope="col" className="py-2 pr-2 text-xs font-medium sm:pr-3 sm:text-sm">
                    {UNSUBSCRIBE_MESSAGES.topicColumn}
                  </th>
                  {data.channels.map((c) => (
                    <th
                      key={c}
                      scope="col"
                      className="px-1 py-2 text-center text-xs font-medium sm:px-2 sm:text-sm"
                    >
                      {CHANNEL_LABELS[c]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-t border-neutral-100">
                    <th scope="row" className="py-3 pr-2 text-left align-top font-normal sm:pr-3">
                      <span className="block font-medium text-neutral-900">{row.name}</span>
                      {row.description && (
                        <span className="block text-xs text-neutral-600">{row.description}</span>
                      )}
                    </th>
                    {row.cells.map((p) => (
                      <td key={p.channel} className="px-1 py-3 text-center align-top sm:px-2">
                        <input
                          type="checkbox"
                          className="size-5 accent-primary-700"
                          checked={current(p)}
                          disabled={flight.busy}
                          onChange={(event) =>
                            setDraft((d) => ({ ...d, [keyOf(p)]: event.target.checked }))
                          }
                          aria-label={UNSUBSCRIBE_MESSAGES.subscribedLabel(
                            p.topic_name,
                            CHANNEL_LABELS[p.channel],
                          )}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        <p className="rounded-lg bg-neutral-50 p-3 text-sm text-neutral-700">
          {UNSUBSCRIBE_MESSAGES.accountNote}
        </p>

        <div>
          <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-neutral-900">
            {UNSUBSCRIBE_MESSAGES.reasonLabel}
          </label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={CONSENT_REASON_MAX}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
            className="w-full rounded-md border border-neutral-300 bg-surface px-3 py-2 text-sm text-neutral-900 focus:outline-2 focus:outline-primary-600"
          />
        </div>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <Button
              type="button"
              variant="secondary"
              className="w-full sm:w-auto"
              disabled={flight.busy}
              onClick={() => submit({ unsubscribe_all: true })}
            >
              {UNSUBSCRIBE_MESSAGES.unsubscribeAll}
            </Button>
            <p className="mt-1 text-xs text-neutral-600">
              {UNSUBSCRIBE_MESSAGES.unsubscribeAllHint}
            </p>
          </div>
          <Button
            type="submit"
            className="w-full sm:w-auto"
            busy={flight.busy}
            busyText={UNSUBSCRIBE_MESSAGES.saving}
          >
            {UNSUBSCRIBE_MESSAGES.save}
          </Button>
        </div>

        <p
          ref={statusRef}
          tabIndex={-1}
          role="status"
          className={
            outcome
              ? outcome.ok
                ? 'rounded-lg bg-primary-50 p-3 text-sm font-medium text-primary-800'
                : 'rounded-lg bg-danger-50 p-3 text-sm font-medium text-danger-800'
              : 'sr-only'
          }
        >
          {outcome?.text ?? ''}
        </p>
      </form>
    </PublicCard>
  );
}

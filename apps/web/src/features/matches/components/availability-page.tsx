import {
  AVAILABILITY_ANSWERS,
  AVAILABILITY_LABELS,
  AVAILABILITY_MESSAGES,
  AVAILABILITY_SUCCESS,
  SELECTION_SLOT_LABELS,
  WITHDRAW_TEXTS,
  type AvailabilityAnswer,
} from '@cricket/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PublicCard } from '@/components/public-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { ApiError, errorMessage } from '@/lib/http';
import { useSingleFlight } from '@/lib/use-single-flight';
import { publicAvailabilityQuery, useAnswerAvailability } from '../api/availability';

const isAnswer = (v: string | null): v is AvailabilityAnswer =>
  (AVAILABILITY_ANSWERS as readonly (string | null)[]).includes(v);

/**
 * /availability/{token}: the page a player's answer link opens (issue 36). No sign-in: the
 * token names them and the fixture. Opening it answers nothing (a mail scanner follows links
 * too): the answer the link named is offered first, and one tap records it; the others stay
 * a tap away until the match starts.
 */
export function AvailabilityPage() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const suggested = params.get('answer');
  const page = useQuery(publicAvailabilityQuery(token));
  const answer = useAnswerAvailability(token);
  const flight = useSingleFlight();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);

  if (page.isPending) {
    return (
      <PublicCard>
        <p role="status" className="flex items-center justify-center gap-3 py-8 text-sm">
          <Spinner className="size-5 text-primary-700" />
          Loading...
        </p>
      </PublicCard>
    );
  }
  if (page.isError) {
    const invalid = page.error instanceof ApiError && page.error.status === 404;
    return (
      <PublicCard>
        <h1 className="text-xl font-semibold text-neutral-900">Availability</h1>
        <p role="alert" className="mt-2 text-sm text-neutral-700">
          {invalid
            ? AVAILABILITY_MESSAGES.linkInvalid
            : errorMessage(page.error, AVAILABILITY_MESSAGES.fetchFailed)}
        </p>
      </PublicCard>
    );
  }

  const data = page.data;
  const choices = isAnswer(suggested)
    ? [suggested, ...AVAILABILITY_ANSWERS.filter((a) => a !== suggested)]
    : AVAILABILITY_ANSWERS;
  const save = (
    choice: AvailabilityAnswer,
    click: { detail: number },
    done: string = AVAILABILITY_SUCCESS.answered,
  ) =>
    void flight.run(async () => {
      try {
        await answer.mutateAsync(choice);
        setOutcome({ ok: true, text: done });
      } catch (error) {
        setOutcome({ ok: false, text: errorMessage(error, AVAILABILITY_MESSAGES.answerFailed) });
      }
      statusRef.current?.focus();
    }, click);

  return (
    <PublicCard>
      <h1 className="text-xl font-semibold wrap-anywhere text-neutral-900 sm:text-2xl">
        {data.match}
      </h1>
      <p className="mt-2 text-sm text-neutral-700">
        {formatDateTime(data.scheduled_at)} · {data.venue}
      </p>
      <p className="mt-4 text-sm text-neutral-700">
        Hi {data.player} ({data.team}), are you available?
      </p>
      <p className="mt-1 text-sm text-neutral-600">
        Your answer: <strong>{AVAILABILITY_LABELS[data.status]}</strong>
      </p>
      {data.open ? (
        <div className="mt-6 grid gap-3 sm:grid-cols-3">
          {choices.map((choice, i) => (
            <Button
              key={choice}
              variant={i === 0 && isAnswer(suggested) ? 'primary' : 'secondary'}
              busy={flight.busy}
              aria-pressed={data.status === choice}
              onClick={(click) => save(choice, click)}
              className={cn(data.status === choice && 'ring-2 ring-primary-600')}
            >
              {AVAILABILITY_LABELS[choice]}
            </Button>
          ))}
        </div>
      ) : data.can_withdraw && data.picked ? (
        <div className="mt-6 space-y-3">
          <p className="text-sm font-medium text-neutral-800">
            {WITHDRAW_TEXTS.picked(SELECTION_SLOT_LABELS[data.picked])}
          </p>
          <p className="text-sm text-neutral-700">{WITHDRAW_TEXTS.question}</p>
          <Button variant="danger" busy={flight.busy} onClick={() => setConfirming(true)}>
            {WITHDRAW_TEXTS.action}
          </Button>
        </div>
      ) : (
        <p role="alert" className="mt-6 text-sm font-medium text-neutral-800">
          {data.withdrawn ? WITHDRAW_TEXTS.done : AVAILABILITY_MESSAGES.closed}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={WITHDRAW_TEXTS.action}
        description={WITHDRAW_TEXTS.confirm}
        confirmLabel={WITHDRAW_TEXTS.action}
        busy={flight.busy}
        onConfirm={() => {
          save('not_available', { detail: 1 }, AVAILABILITY_SUCCESS.withdrawn);
          setConfirming(false);
        }}
      />
      <p
        ref={statusRef}
        tabIndex={-1}
        role={outcome ? (outcome.ok ? 'status' : 'alert') : undefined}
        className={cn(
          'mt-4 text-sm focus:outline-none',
          outcome?.ok ? 'text-primary-700' : 'text-danger-700',
        )}
      >
        {outcome?.text}
      </p>
    </PublicCard>
  );
}

import {
  AUDIENCE_MESSAGES,
  AUDIENCE_TEXTS,
  NOTIFICATION_ERRORS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SUCCESS,
  SEND_PREVIEW_MESSAGES,
  dryRunLine,
  type NotificationSend,
  QUIET_HOURS_TEXTS,
  type RecipientOption,
  type RecipientType,
  type SendPreview,
} from '@cricket/contracts';
import { skipToken, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useFormLifecycle } from '@/components/form-drawer';
import { useOpenRecord } from '@/lib/record-route';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useCan } from '@/lib/session';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useErrorToast } from '@/lib/use-error-toast';
import { notificationKeys } from '../api/keys';
import { audiencePickerQuery, recipientsQuery } from '../api/sends';
import { RecipientPicker } from './recipient-picker';

const RECIPIENT_CHOICES = [
  { value: 'all', label: 'All Users' },
  { value: 'active', label: 'Active Users' },
  { value: 'specific', label: 'Specific Users' },
  { value: 'audience', label: 'Saved Audience' },
] as const;

/** The parts every send form shares (notifications, WhatsApp): who, when, and the question before a large send. */

/**
 * Who a send reaches, for every send form (notifications, WhatsApp): the users picked for
 * 'specific' (kept whole, so a preview can use the first one's details), or the audience's
 * count and first user from the server.
 */
export function useAudience(
  recipientType: RecipientType | undefined,
  audienceId?: string | number | null,
) {
  const [picked, setPicked] = useState<RecipientOption[]>([]);
  const audience = recipientType === 'specific' ? null : (recipientType ?? 'all');
  const savedId = audience === 'audience' ? Number(audienceId) || null : null;
  const audienceQuery = useQuery({
    ...recipientsQuery({
      page: 1,
      limit: 1,
      recipient_type: audience ?? 'all',
      ...(savedId ? { audience_id: savedId } : {}),
    }),
    // A saved audience is counted once one is chosen.
    enabled: audience !== null && (audience !== 'audience' || savedId !== null),
  });
  useErrorToast(audienceQuery.error, NOTIFICATION_ERRORS.fetchUsers);
  // The query keeps the last audience's answer while the next loads (the picker pages want
  // that); here it would be another audience's count under this one's name, and in the
  // confirmation: until this audience's own answer arrives, it is still being counted.
  const answer = audienceQuery.isPlaceholderData ? undefined : audienceQuery.data;
  return {
    picked,
    setPicked,
    type: recipientType ?? 'all',
    count: audience === null ? picked.length : (answer?.pagination.total ?? null),
    first: audience === null ? (picked[0] ?? null) : (answer?.data[0] ?? null),
  };
}

/** The recipient type radios and, for 'specific', the user picker. */
export function RecipientsFields<T extends FieldValues>({
  form,
  audience,
  register,
  error,
  onPick,
}: {
  /** The form, for its `audience_id` select. */
  form: UseFormReturn<T, unknown, unknown>;
  audience: ReturnType<typeof useAudience>;
  /** `form.register('recipient_type')`. */
  register: UseFormRegisterReturn;
  error?: string;
  /** The picked users' ids, for the form's recipient_ids. */
  onPick: (ids: number[]) => void;
}) {
  // Saved audiences are offered to those who may read them.
  const canUseAudiences = useCan('audiences.view');
  const choices = RECIPIENT_CHOICES.filter((c) => c.value !== 'audience' || canUseAudiences);
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="sr-only">Recipient type</legend>
        <div className="flex flex-wrap gap-4">
          {choices.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 text-sm text-neutral-800">
              <input
                type="radio"
                value={choice.value}
                {...register}
                className="size-4 accent-primary-700"
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      {audience.type === 'audience' && <SavedAudienceField form={form} />}
      {audience.type === 'specific' && (
        <RecipientPicker
          selected={audience.picked}
          error={error}
          onChange={(next) => {
            audience.setPicked(next);
            onPick(next.map((u) => u.id));
          }}
        />
      )}
    </>
  );
}

/** The send's saved audience: one of the first AUDIENCE_PICKER_LIMIT by name. */
function SavedAudienceField<T extends FieldValues>({
  form,
}: {
  form: UseFormReturn<T, unknown, unknown>;
}) {
  const audiences = useQuery(audiencePickerQuery());
  useErrorToast(audiences.error, AUDIENCE_MESSAGES.fetchFailed);
  return (
    <SelectField
      form={form}
      name={'audience_id' as Path<T>}
      label="Audience"
      required
      hint={AUDIENCE_TEXTS.pickerHint}
      placeholder={audiences.isPending ? 'Loading…' : NOTIFICATION_MESSAGES.audienceRequired}
      options={(audiences.data ?? []).map((a) => ({ value: String(a._id), label: a.name }))}
    />
  );
}

/** How long a send form's body rests before its dry run is asked for. */
const DRY_RUN_DEBOUNCE_MS = 400;

/**
 * The dry run of a send form's body (issue 32): asked once the body has rested, and only for a
 * body that could be sent (`body` null until then). Compared by its JSON, so a new object with
 * the same values asks nothing.
 */
export function useDryRun<B extends object, K extends readonly unknown[]>(
  body: B | null,
  preview: (body: B) => UseQueryOptions<SendPreview, Error, SendPreview, K>,
) {
  const settled = useDebouncedValue(
    body === null ? null : JSON.stringify(body),
    DRY_RUN_DEBOUNCE_MS,
  );
  const options = useMemo(
    () => (settled === null ? null : preview(JSON.parse(settled) as B)),
    // `preview` builds options from the body alone: the settled body decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [settled],
  );
  // Until there is a body, an idle query: the hook runs on every render either way.
  const query = useQuery(
    (options ?? {
      queryKey: notificationKeys.sendPreview({}),
      queryFn: skipToken,
    }) as UseQueryOptions<SendPreview, Error, SendPreview, readonly unknown[]>,
  );
  return {
    /** Whether anything is being counted: a body that could be sent. */
    active: body !== null,
    preview: query.data ?? null,
    /** Still counting a newer body (the line on screen is the previous one), or the first. */
    counting: body !== null && (query.isFetching || settled !== JSON.stringify(body)),
    failed: query.isError,
    /** The line, for the confirmation; empty when there is no count to repeat. */
    text: query.data && !query.isError ? dryRunLine(query.data) : '',
  };
}

type DryRun = ReturnType<typeof useDryRun>;

/**
 * The dry run under the recipients: the previous line stays while a newer one is counted (no
 * flicker), a failure is said quietly and the form still works.
 */
export function DryRunLine({ dryRun }: { dryRun: DryRun }) {
  if (!dryRun.active) return null;
  const text = dryRun.failed
    ? SEND_PREVIEW_MESSAGES.failed
    : dryRun.text || SEND_PREVIEW_MESSAGES.pending;
  return (
    <p
      data-testid="dry-run"
      aria-live="polite"
      aria-busy={dryRun.counting}
      className={cn(
        'text-sm transition-opacity',
        dryRun.failed ? 'text-neutral-500' : 'text-neutral-800',
        dryRun.counting && dryRun.text && 'opacity-60',
      )}
    >
      <span className="font-medium">{SEND_PREVIEW_MESSAGES.label}:</span> {text}
    </p>
  );
}

/** A titled part of a send form. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={title}
      className="space-y-4 border-b border-neutral-100 pb-6 last:border-0"
    >
      <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
      {children}
    </section>
  );
}

/**
 * Send now, or a time (the form's `send_immediately` and `scheduled_at`), and whether quiet
 * hours hold it (`respect_quiet_hours`, issue 32).
 */
export function ScheduleSection<T extends FieldValues>({
  form,
  scheduled,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  scheduled: boolean;
}) {
  return (
    <Section title="Scheduling Options">
      <CheckboxField form={form} name={'send_immediately' as Path<T>} label="Send immediately" />
      {scheduled && (
        <TextField
          form={form}
          name={'scheduled_at' as Path<T>}
          label="Scheduled Time"
          type="datetime-local"
          required
        />
      )}
      <CheckboxField
        form={form}
        name={'respect_quiet_hours' as Path<T>}
        label={QUIET_HOURS_TEXTS.respectLabel}
        hint={QUIET_HOURS_TEXTS.respectHint}
      />
    </Section>
  );
}

/** The question before a send to many or to a whole audience (decision 040). */
export function SendConfirmDialog({
  open,
  onOpenChange,
  title,
  question,
  scheduledAt,
  dryRun,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** 'Send this email to all 1,204 users?'; empty while the count is on its way. */
  question: string;
  /** The form's date-time when scheduling; null sends at once. */
  scheduledAt: string | null;
  /** The dry run's line, repeated before sending; empty without one. */
  dryRun: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      // Sending is what the person came to do: the button is the form's, not a warning's.
      tone="primary"
      description={
        question
          ? `${question}${dryRun ? ` ${dryRun}.` : ''} ${
              scheduledAt
                ? `It goes out ${formatDateTime(new Date(scheduledAt))}.`
                : 'It goes out at once and cannot be called back once delivered.'
            }`
          : NOTIFICATION_MESSAGES.countingRecipients
      }
      confirmLabel={scheduledAt !== null ? 'Schedule' : 'Send Now'}
      // Nobody confirms a send whose count they have not been told.
      confirmDisabled={!question}
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}

/**
 * A send form's life (useFormLifecycle on a page that stays open): the question first when
 * `confirming` is set, one request, the toast saying what happened (queued is not delivered),
 * then the send's own page.
 */
export function useSendLifecycle<In extends FieldValues, Out>({
  form,
  values,
  onReset,
  request,
  sending,
  failureText,
}: {
  form: UseFormReturn<In, unknown, Out>;
  values: () => In;
  /** Clears what the form's values do not hold (picked users). */
  onReset: () => void;
  request: (out: Out) => Promise<NotificationSend>;
  sending: (n: number) => string;
  failureText: string;
}) {
  const openSend = useOpenRecord('/sent-notifications');
  const sentId = useRef<number | null>(null);
  // A send to many, or to a whole audience, is asked about first; nothing is requested before.
  const [confirming, setConfirming] = useState(false);
  const lifecycle = useFormLifecycle({
    form,
    open: true,
    onOpenChange: () => {
      onReset();
      if (sentId.current !== null) openSend(sentId.current);
    },
    values,
    successText: (created) => {
      const s = created as NotificationSend | null;
      if (!s) return NOTIFICATION_SUCCESS.accepted;
      return s.scheduled_at
        ? NOTIFICATION_SUCCESS.scheduledFor(formatDateTime(s.scheduled_at))
        : sending(s.counts.total);
    },
    failureText,
    submit: async (out) => {
      const created = await request(out);
      sentId.current = created.id;
      setConfirming(false);
      return created;
    },
  });
  return { lifecycle, confirming, setConfirming };
}

import {
  NOTIFICATION_ERRORS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SUCCESS,
  NOTIFICATION_TYPE_LABELS,
  TEMPLATE_VARIABLES,
  hasSubject,
  sendNotificationInput,
  needsSendConfirmation,
  type NotificationSend,
  type NotificationTemplate,
  type RecipientOption,
  type SendNotificationInput,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useFormLifecycle } from '@/components/form-drawer';
import { ListError } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime } from '@/lib/format';
import { parseRecordId, useOpenRecord } from '@/lib/record-route';
import { useErrorToast } from '@/lib/use-error-toast';
import { channelsQuery, recipientsQuery, useSendNotification } from '../api/sends';
import { templateNamesQuery } from '../api/templates';
import { LivePreview } from './live-preview';
import { RecipientPicker } from './recipient-picker';

const RECIPIENT_CHOICES = [
  { value: 'all', label: 'All Users' },
  { value: 'active', label: 'Active Users' },
  { value: 'specific', label: 'Specific Users' },
] as const;
const VARIABLES_HINT = `Placeholders: ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`;
/** The picker lists this many templates; the chosen one is always among them. */
const TEMPLATE_PICKER_LIMIT = 100;

type FormValues = SendNotificationInput & { template_id: string | number | undefined };

const emptyValues = (templateId?: string): FormValues => ({
  template_id: templateId ?? '',
  recipient_type: 'all',
  recipient_ids: [],
  subject: '',
  message: '',
  send_immediately: true,
  scheduled_at: '',
});

function Section({ title, children }: { title: string; children: React.ReactNode }) {
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

/** Spec §2 "Send Notification" (/send-notification): the form and its live preview. */
export function SendNotificationPage() {
  const openSend = useOpenRecord('/sent-notifications');
  const [params] = useSearchParams();
  const initialTemplate = params.get('template_id') ?? undefined;
  const templates = useQuery(
    templateNamesQuery({
      page: 1,
      limit: TEMPLATE_PICKER_LIMIT,
      template_id: parseRecordId(initialTemplate) ?? undefined,
    }),
  );
  useErrorToast(templates.error, NOTIFICATION_ERRORS.fetchPickerTemplates);
  const templateList: NotificationTemplate[] = useMemo(
    () => templates.data?.data ?? [],
    [templates.data],
  );

  // A channel without a transport is refused by the server: it is not offered (issue 30).
  const channels = useQuery(channelsQuery());
  const unavailable = new Map(
    (channels.data ?? []).filter((c) => !c.available).map((c) => [c.type, c.reason ?? '']),
  );

  const form = useForm({
    resolver: zodResolver(sendNotificationInput),
    defaultValues: emptyValues(initialTemplate),
    reValidateMode: 'onSubmit',
  });
  const values = useWatch({ control: form.control }) as FormValues;
  const template = templateList.find((t) => String(t.id) === String(values.template_id)) ?? null;

  // Choosing a template (or arriving with one in the URL) fills subject and message once.
  const filledFor = useRef('');
  useEffect(() => {
    const id = String(values.template_id ?? '');
    if (!id || id === filledFor.current) return;
    const chosen = templateList.find((t) => String(t.id) === id);
    if (!chosen) return;
    filledFor.current = id;
    // The subject rule depends on the channel: the schema reads it from the form.
    form.setValue('channel', chosen.type);
    form.setValue('subject', chosen.subject ?? '');
    form.setValue('message', chosen.message);
    form.clearErrors();
  }, [values.template_id, templateList, form]);

  // Users picked for 'specific', kept whole so the preview can use the first one's details.
  const [picked, setPicked] = useState<RecipientOption[]>([]);
  const audience = values.recipient_type === 'specific' ? null : (values.recipient_type ?? 'all');
  const audienceQuery = useQuery({
    ...recipientsQuery({ page: 1, limit: 1, recipient_type: audience ?? 'all' }),
    enabled: audience !== null,
  });
  useErrorToast(audienceQuery.error, NOTIFICATION_ERRORS.fetchUsers);
  const recipientCount =
    audience === null ? picked.length : (audienceQuery.data?.pagination.total ?? null);
  const firstRecipient =
    audience === null ? (picked[0] ?? null) : (audienceQuery.data?.data[0] ?? null);

  const send = useSendNotification();
  const sentId = useRef<number | null>(null);
  const scheduled = values.send_immediately === false;
  // A send to many, or to a whole audience, is asked about first; nothing is requested before.
  const [confirming, setConfirming] = useState(false);
  const lifecycle = useFormLifecycle({
    form,
    open: true,
    onOpenChange: () => {
      setPicked([]);
      filledFor.current = '';
      if (sentId.current !== null) openSend(sentId.current);
    },
    values: () => emptyValues(initialTemplate),
    // Queued is not delivered: the toast says what happened, the send's page shows the rest.
    successText: (created) => {
      const s = created as NotificationSend | null;
      if (!s) return NOTIFICATION_SUCCESS.accepted;
      return s.scheduled_at
        ? NOTIFICATION_SUCCESS.scheduledFor(formatDateTime(s.scheduled_at))
        : NOTIFICATION_SUCCESS.sending(s.counts.total);
    },
    failureText: NOTIFICATION_ERRORS.send,
    submit: async (out) => {
      const created = await send.mutateAsync(out as never);
      sentId.current = created.id;
      setConfirming(false);
      return created;
    },
  });
  const audienceType = values.recipient_type ?? 'all';
  const confirmText =
    template && recipientCount !== null
      ? NOTIFICATION_MESSAGES.confirmSend(template.type, recipientCount, audienceType)
      : '';

  /** Validates first: the question is asked only about a send the server would accept. */
  const submit = form.handleSubmit(() => {
    const refusal = template && unavailable.get(template.type);
    if (refusal) form.setError('template_id', { message: refusal });
    else if (template && needsSendConfirmation(audienceType, recipientCount ?? 0))
      setConfirming(true);
    else lifecycle.submit();
  });

  return (
    <>
      <PageHeader title="Create & Send Notification" />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!lifecycle.saving) void submit();
            }}
            noValidate
            className="space-y-6"
          >
            <Section title="Template Selection">
              <SelectField
                form={form}
                name="template_id"
                label="Template"
                required
                placeholder={templates.isPending ? 'Loading...' : 'Select a template'}
                options={templateList.map((t) => ({
                  value: String(t.id),
                  label: `${t.name} (${NOTIFICATION_TYPE_LABELS[t.type]})${unavailable.has(t.type) ? ' — unavailable' : ''}`,
                  disabled: unavailable.has(t.type),
                }))}
              />
              {unavailable.size > 0 && (
                <ul
                  className="space-y-1 text-xs text-neutral-600"
                  aria-label="Unavailable channels"
                >
                  {[...unavailable].map(([type, reason]) => (
                    <li key={type}>
                      {NOTIFICATION_TYPE_LABELS[type]}: {reason}
                    </li>
                  ))}
                </ul>
              )}
              {templates.isError && (
                <ListError
                  error={templates.error}
                  fallback={NOTIFICATION_ERRORS.fetchPickerTemplates}
                  onRetry={() => void templates.refetch()}
                  retrying={templates.isFetching}
                  className="items-start px-0 py-3 text-left"
                />
              )}
            </Section>

            <Section title="Recipients">
              <fieldset className="space-y-2">
                <legend className="sr-only">Recipient type</legend>
                <div className="flex flex-wrap gap-4">
                  {RECIPIENT_CHOICES.map((choice) => (
                    <label
                      key={choice.value}
                      className="flex items-center gap-2 text-sm text-neutral-800"
                    >
                      <input
                        type="radio"
                        value={choice.value}
                        {...form.register('recipient_type')}
                        className="size-4 accent-primary-700"
                      />
                      {choice.label}
                    </label>
                  ))}
                </div>
              </fieldset>
              {values.recipient_type === 'specific' && (
                <RecipientPicker
                  selected={picked}
                  error={form.formState.errors.recipient_ids?.message}
                  onChange={(next) => {
                    setPicked(next);
                    form.clearErrors('recipient_ids');
                    form.setValue(
                      'recipient_ids',
                      next.map((u) => u.id),
                    );
                  }}
                />
              )}
            </Section>

            <Section title="Message Content">
              {template && hasSubject(template.type) && (
                <TextField form={form} name="subject" label="Subject" required />
              )}
              <TextAreaField
                form={form}
                name="message"
                label="Message"
                hint={VARIABLES_HINT}
                required
                rows={6}
              />
            </Section>

            <Section title="Scheduling Options">
              <CheckboxField form={form} name="send_immediately" label="Send immediately" />
              {scheduled && (
                <TextField
                  form={form}
                  name="scheduled_at"
                  label="Scheduled Time"
                  type="datetime-local"
                  required
                />
              )}
            </Section>

            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={lifecycle.close} disabled={lifecycle.saving}>
                Reset
              </Button>
              <Button
                type="submit"
                busy={lifecycle.saving}
                busyText={scheduled ? 'Scheduling...' : 'Sending...'}
              >
                {scheduled ? 'Schedule Notification' : 'Send Now'}
              </Button>
            </div>
          </form>
        </Card>
        <LivePreview
          template={template}
          subject={values.subject ?? ''}
          message={values.message ?? ''}
          recipientType={values.recipient_type ?? 'all'}
          recipientCount={recipientCount}
          firstRecipient={firstRecipient}
          scheduledAt={scheduled ? (values.scheduled_at ?? '') : null}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={scheduled ? 'Schedule Notification' : 'Send Notification'}
        tone="primary"
        description={
          <>
            {confirmText}
            {template && (
              <>
                {' '}
                {scheduled && values.scheduled_at
                  ? `It goes out ${formatDateTime(new Date(values.scheduled_at))}.`
                  : 'It goes out at once and cannot be called back once delivered.'}
              </>
            )}
          </>
        }
        confirmLabel={scheduled ? 'Schedule' : 'Send Now'}
        busy={lifecycle.saving}
        onConfirm={() => lifecycle.submit()}
      />
    </>
  );
}

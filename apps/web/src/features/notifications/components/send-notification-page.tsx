import {
  NOTIFICATION_ERRORS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SUCCESS,
  NOTIFICATION_TYPE_LABELS,
  TEMPLATE_VARIABLES,
  hasSubject,
  sendNotificationInput,
  sendNotificationSchema,
  needsSendConfirmation,
  type NotificationTemplate,
  type SendNotificationInput,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ListError } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { parseRecordId } from '@/lib/record-route';
import { useErrorToast } from '@/lib/use-error-toast';
import { channelsQuery, sendPreviewQuery, useSendNotification } from '../api/sends';
import { templateNamesQuery } from '../api/templates';
import { LivePreview } from './live-preview';
import {
  DryRunLine,
  RecipientsFields,
  ScheduleSection,
  Section,
  SendConfirmDialog,
  useAudience,
  useDryRun,
  useSendLifecycle,
} from './send-form-parts';

const VARIABLES_HINT = `Placeholders: ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`;
/** The picker lists this many templates; the chosen one is always among them. */
const TEMPLATE_PICKER_LIMIT = 100;

type FormValues = SendNotificationInput & { template_id: string | number | undefined };

const emptyValues = (templateId?: string): FormValues => ({
  template_id: templateId ?? '',
  recipient_type: 'all',
  recipient_ids: [],
  audience_id: '',
  subject: '',
  message: '',
  send_immediately: true,
  scheduled_at: '',
  respect_quiet_hours: true,
});

/** Spec §2 "Send Notification" (/send-notification): the form and its live preview. */
export function SendNotificationPage() {
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

  const audience = useAudience(
    values.recipient_type,
    values.audience_id as string | number | null | undefined,
  );
  const { setPicked, count: recipientCount, first: firstRecipient } = audience;

  // The dry run counts the chosen template's audience; its words change no count, so the
  // template's own text stands in for what is being typed.
  const parsedPreview =
    template && !unavailable.has(template.type)
      ? sendNotificationSchema(template.type).safeParse({
          ...values,
          template_id: template.id,
          subject: template.subject ?? '',
          message: template.message,
        })
      : null;
  const previewBody = parsedPreview?.success ? parsedPreview.data : null;
  const dryRun = useDryRun(previewBody, sendPreviewQuery);

  const send = useSendNotification();
  const scheduled = values.send_immediately === false;
  const { lifecycle, confirming, setConfirming } = useSendLifecycle({
    form,
    values: () => emptyValues(initialTemplate),
    onReset: () => {
      setPicked([]);
      filledFor.current = '';
    },
    request: (out) => send.mutateAsync(out as never),
    sending: NOTIFICATION_SUCCESS.sending,
    failureText: NOTIFICATION_ERRORS.send,
  });
  const audienceType = audience.type;
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
              <RecipientsFields
                form={form}
                audience={audience}
                register={form.register('recipient_type')}
                error={form.formState.errors.recipient_ids?.message}
                onPick={(ids) => {
                  form.clearErrors('recipient_ids');
                  form.setValue('recipient_ids', ids);
                }}
              />
              <DryRunLine dryRun={dryRun} />
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

            <ScheduleSection form={form} scheduled={scheduled} />

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
      <SendConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={scheduled ? 'Schedule Notification' : 'Send Notification'}
        question={confirmText}
        scheduledAt={scheduled ? (values.scheduled_at ?? '') : null}
        dryRun={dryRun.text}
        busy={lifecycle.saving}
        onConfirm={() => lifecycle.submit()}
      />
    </>
  );
}

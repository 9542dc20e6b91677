import {
  NOTIFICATION_MESSAGES,
  RECIPIENT_TYPE_LABELS,
  SAMPLE_TEMPLATE_VALUES,
  WA_SEND_SUCCESS,
  WA_SEND_TEXTS,
  fillWaSamples,
  fullName,
  hasTextHeader,
  needsSendConfirmation,
  renderTemplate,
  waSendSchema,
  waTemplateVariables,
  type RecipientOption,
  type RecipientType,
  type WaSendValues,
  type WaTemplate,
} from '@cricket/contracts';
import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ListError } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { StatusScreen } from '@/components/status-screen';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  WaVariablesFields,
  waSourceOptions,
  waVariableDefaults,
  waVariableErrors,
  waVariablesOf,
  type WaVariableValues,
} from '@/components/wa-variables-fields';
import { parseRecordId } from '@/lib/record-route';
import { useSendWhatsApp, waSendPreviewQuery, waTemplateQuery } from '../api/whatsapp';
import { NotificationTypeBadge } from './badges';
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

const SOURCE_OPTIONS = waSourceOptions();

interface FormValues extends WaVariableValues {
  recipient_type: RecipientType;
  recipient_ids: number[];
  audience_id: string;
  send_immediately: boolean;
  scheduled_at: string;
  respect_quiet_hours: boolean;
}

const emptyValues = (names: readonly string[]): FormValues => ({
  recipient_type: 'all',
  recipient_ids: [],
  audience_id: '',
  send_immediately: true,
  scheduled_at: '',
  respect_quiet_hours: true,
  ...waVariableDefaults(names, SOURCE_OPTIONS),
});

/**
 * The form is checked by the API's own rules (contracts): the audience and schedule by
 * waSendSchema, each variable by waSendVariableProblems, shown under the variable's text.
 */
const resolverFor =
  (names: readonly string[]): Resolver<FormValues, unknown, WaSendValues> =>
  (v) => {
    const errors: Record<string, unknown> = {};
    const variables = waVariablesOf(names, v);
    const problems = waVariableErrors(names, v, SOURCE_OPTIONS);
    if (problems) errors.texts = problems;
    const parsed = waSendSchema().safeParse({ ...v, variables });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'recipient_type');
        errors[field] ??= { type: 'custom', message: issue.message };
      }
    if (parsed.success && Object.keys(errors).length === 0)
      return { values: parsed.data, errors: {} };
    return { values: {}, errors: errors as FieldErrors<FormValues> };
  };

/** The values a recipient's message is filled with: the first recipient's, or samples. */
function recipientValues(first: RecipientOption | null) {
  return first
    ? {
        first_name: first.details.first_name,
        last_name: first.details.last_name,
        email: first.email,
        phone_number: first.phone_number,
      }
    : SAMPLE_TEMPLATE_VALUES;
}

/** Send an approved WhatsApp template (/send-whatsapp?template_id=7), issue 31. */
export function WhatsAppSendPage() {
  const [params] = useSearchParams();
  const id = parseRecordId(params.get('template_id'));
  const template = useQuery({ ...waTemplateQuery(id ?? 0), enabled: id !== null });
  if (id === null) return <StatusScreen icon={SearchX} title={WA_SEND_TEXTS.loadFailed} />;
  if (template.isError)
    return (
      <ListError
        error={template.error}
        fallback={WA_SEND_TEXTS.loadFailed}
        onRetry={() => void template.refetch()}
        retrying={template.isFetching}
      />
    );
  if (!template.data) return <PageHeader title={WA_SEND_TEXTS.title} />;
  return <WhatsAppSendForm key={template.data._id} template={template.data} />;
}

function WhatsAppSendForm({ template }: { template: WaTemplate }) {
  const names = waTemplateVariables(template);
  const form = useForm<FormValues, unknown, WaSendValues>({
    resolver: resolverFor(names),
    defaultValues: emptyValues(names),
    reValidateMode: 'onSubmit',
  });
  const values = useWatch({ control: form.control }) as FormValues;
  const audience = useAudience(values.recipient_type, values.audience_id);
  const scheduled = values.send_immediately === false;
  const approved = template.status === 'approved';

  // The dry run counts the audience; the words change no count, so a variable not filled in
  // yet is counted with its sample value.
  const previewVariables = Object.fromEntries(
    Object.entries(waVariablesOf(names, values)).map(([n, value]) => [
      n,
      value.trim() || template.sample_values[n] || n,
    ]),
  );
  const parsedPreview = waSendSchema().safeParse({ ...values, variables: previewVariables });
  const dryRun = useDryRun(
    approved && parsedPreview.success ? parsedPreview.data : null,
    (body: WaSendValues) => waSendPreviewQuery(template._id, body),
  );

  const send = useSendWhatsApp(template._id);
  const { lifecycle, confirming, setConfirming } = useSendLifecycle({
    form,
    values: () => emptyValues(names),
    onReset: () => audience.setPicked([]),
    request: (out) => send.mutateAsync(out),
    sending: WA_SEND_SUCCESS.sending,
    failureText: WA_SEND_TEXTS.sendFailed,
  });

  const submit = form.handleSubmit(() => {
    if (needsSendConfirmation(audience.type, audience.count ?? 0)) setConfirming(true);
    else lifecycle.submit();
  });

  // The preview: each variable filled as the first recipient will see it.
  const person = recipientValues(audience.first);
  const filled = Object.fromEntries(
    Object.entries(waVariablesOf(names, values)).map(([n, value]) => [
      n,
      renderTemplate(value, person),
    ]),
  );
  const header = hasTextHeader(template) && template.header_content;

  return (
    <>
      <PageHeader title={WA_SEND_TEXTS.title} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          {!approved && (
            <p role="alert" className="mb-4 text-sm text-danger-700">
              {WA_SEND_TEXTS.notApprovedYet}
            </p>
          )}
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!lifecycle.saving) void submit();
            }}
            noValidate
            className="space-y-6"
          >
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

            <Section title={WA_SEND_TEXTS.variables}>
              <WaVariablesFields form={form} names={names} options={SOURCE_OPTIONS} />
            </Section>

            <ScheduleSection form={form} scheduled={scheduled} />

            <div className="flex flex-wrap justify-end gap-3">
              <Button
                type="submit"
                disabled={!approved}
                busy={lifecycle.saving}
                busyText={scheduled ? 'Scheduling...' : 'Sending...'}
              >
                {scheduled ? 'Schedule' : 'Send Now'}
              </Button>
            </div>
          </form>
        </Card>
        <aside aria-label="Live Preview" className="lg:sticky lg:top-4 lg:self-start">
          <Card title="Live Preview">
            <div className="space-y-3 text-sm">
              <div className="flex items-center justify-between gap-2">
                <NotificationTypeBadge type="whatsapp" />
                <span className="min-w-0 truncate font-medium text-neutral-900">
                  {template.name}
                </span>
              </div>
              <p data-testid="recipients-summary" className="text-neutral-600">
                {RECIPIENT_TYPE_LABELS[audience.type]} ·{' '}
                {audience.count === null ? 'counting…' : audience.count.toLocaleString()}
              </p>
              <p className="text-xs text-neutral-500">
                {audience.first
                  ? WA_SEND_TEXTS.previewFor(fullName(audience.first.details))
                  : WA_SEND_TEXTS.previewSample}
              </p>
              <div
                data-testid="whatsapp-preview"
                className="rounded-lg bg-[#e5ddd5] p-3 text-[#111b21]"
              >
                <div className="rounded-lg rounded-tl-none bg-white px-3 py-2 shadow-sm">
                  {header && (
                    <p className="mb-1 font-semibold break-words">
                      {fillWaSamples(header, filled)}
                    </p>
                  )}
                  <p className="break-words whitespace-pre-wrap">
                    {fillWaSamples(template.body_text, filled)}
                  </p>
                  {template.footer_text && (
                    <p className="mt-1 text-xs text-[#667781]">{template.footer_text}</p>
                  )}
                </div>
              </div>
            </div>
          </Card>
        </aside>
      </div>
      <SendConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={WA_SEND_TEXTS.title}
        question={
          audience.count === null
            ? ''
            : NOTIFICATION_MESSAGES.confirmSend('whatsapp', audience.count, audience.type)
        }
        scheduledAt={scheduled ? (values.scheduled_at ?? '') : null}
        dryRun={dryRun.text}
        busy={lifecycle.saving}
        onConfirm={() => lifecycle.submit()}
      />
    </>
  );
}

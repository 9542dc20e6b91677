import {
  AVAILABILITY_ANSWERS,
  AVAILABILITY_LINK_FIELDS,
  AVAILABILITY_LINK_VARIABLES,
  AVAILABILITY_MESSAGES,
  AVAILABILITY_REMIND_HOURS_MAX,
  AVAILABILITY_TEXTS,
  AVAILABILITY_WA_PICKER_DEBOUNCE_MS,
  AVAILABILITY_WA_PICKER_PAGE_SIZE,
  availabilityAskInput,
  waTemplateVariables,
  type Fixture,
  type WaTemplate,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { TopicField } from '@/components/topic-field';
import { RecordPickerField } from '@/components/record-picker-field';
import { TextField } from '@/components/ui/text-field';
import {
  WaVariablesFields,
  approvedWaTemplatesPage,
  waSourceOptions,
  waVariableDefaults,
  waVariableErrors,
  waVariablesOf,
  type WaVariableValues,
} from '@/components/wa-variables-fields';
import { useCan } from '@/lib/session';
import { formatDateTime, toLocalInput } from '@/lib/format';
import { useAskAvailability } from '../api/tournament-writes';

/** The deadline box holds the browser's local time; the API takes it as an instant. */
const askForm = availabilityAskInput.extend({
  deadline: z.string().min(1, AVAILABILITY_MESSAGES.deadline),
});
/** The chosen template is kept whole (its variables are mapped here); its id is what is sent. */
type AskForm = Omit<z.input<typeof askForm>, 'wa_template_id'> &
  WaVariableValues & { wa_template: WaTemplate | null };
type AskValues = z.output<typeof askForm>;

/** A WhatsApp variable may take a player's field, one of their answer links, or fixed text. */
const SOURCE_OPTIONS = waSourceOptions(
  AVAILABILITY_ANSWERS.map((a) => ({
    value: AVAILABILITY_LINK_VARIABLES[a],
    label: AVAILABILITY_LINK_FIELDS[a],
  })),
);

const HOUR = 3_600_000;

/** By default answers close a day before the start, and the silent are reminded 12 hours earlier. */
function defaults(f: Fixture | null): AskForm {
  const start = f ? new Date(f.scheduled_at) : new Date();
  return {
    deadline: toLocalInput(new Date(start.getTime() - 24 * HOUR)),
    remind_hours_before: '12',
    topic_id: '',
    wa_template: null,
    sources: {},
    texts: {},
  };
}

/** The contract's checks, and the chosen template's variables checked as the API checks them. */
const resolver: Resolver<AskForm, unknown, AskValues> = async (v, context, options) => {
  const template = v.wa_template;
  const names = template ? waTemplateVariables(template) : [];
  const wa_variables = waVariablesOf(names, v);
  const result = await zodResolver(askForm)(
    { ...v, wa_template_id: template?._id ?? null, wa_variables },
    context,
    options as never,
  );
  const problems = template ? waVariableErrors(names, v, SOURCE_OPTIONS) : null;
  if (!problems) return result as Awaited<ReturnType<Resolver<AskForm, unknown, AskValues>>>;
  return { values: {}, errors: { ...result.errors, texts: problems } } as never;
};

interface AskAvailabilityModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fixture: Fixture | null;
}

/** 'Ask Availability' for a fixture: both squads get an email with their answer links. */
export function AskAvailabilityModal({ open, onOpenChange, fixture }: AskAvailabilityModalProps) {
  const canUseWhatsApp = useCan('wa_templates.view');
  const form = useForm<AskForm, unknown, AskValues>({
    resolver,
    defaultValues: defaults(null),
    reValidateMode: 'onSubmit',
  });
  const values = useWatch({ control: form.control });
  const template = values.wa_template ?? null;
  const names = template ? waTemplateVariables(template) : [];
  /** A template chosen (or none) starts with its variables mapped afresh. */
  const chooseTemplate = (picked: WaTemplate | null) => {
    const fresh = waVariableDefaults(picked ? waTemplateVariables(picked) : [], SOURCE_OPTIONS);
    form.setValue('wa_template', picked, { shouldDirty: true });
    form.setValue('sources', fresh.sources);
    form.setValue('texts', fresh.texts);
  };
  const ask = useAskAvailability();
  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange,
    values: () => defaults(fixture),
    successText: (outcome) => String(outcome),
    failureText: AVAILABILITY_MESSAGES.askFailed,
    submit: async (out) => {
      if (!fixture) return;
      return ask.mutateAsync({
        id: fixture.id,
        values: { ...out, deadline: new Date(out.deadline).toISOString() },
      });
    },
  });

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      kind="modal"
      title="Ask Availability"
      description={
        fixture
          ? `${fixture.team_a.name} v ${fixture.team_b.name}, ${formatDateTime(fixture.scheduled_at)}. ${AVAILABILITY_TEXTS.askDescription}`
          : undefined
      }
      submitLabel="Ask Players"
      busyLabel="Asking..."
    >
      <TextField form={form} name="deadline" label="Answer by" type="datetime-local" required />
      <TextField
        form={form}
        name="remind_hours_before"
        label="Remind those who have not answered (hours before the deadline)"
        type="number"
        inputMode="numeric"
        min={0}
        max={AVAILABILITY_REMIND_HOURS_MAX}
        required
      />
      <TopicField form={form} name="topic_id" />
      {canUseWhatsApp && (
        <>
          <RecordPickerField
            label={AVAILABILITY_TEXTS.waTemplateLabel}
            value={template?._id}
            valueText={template?.name ?? null}
            placeholder={AVAILABILITY_TEXTS.waTemplateNone}
            onChange={chooseTemplate}
            onClear={() => chooseTemplate(null)}
            title="Select WhatsApp Template"
            searchLabel="Search WhatsApp templates"
            searchPlaceholder="Search by name..."
            listLabel="Approved WhatsApp templates"
            query={approvedWaTemplatesPage}
            pageSize={AVAILABILITY_WA_PICKER_PAGE_SIZE}
            debounceMs={AVAILABILITY_WA_PICKER_DEBOUNCE_MS}
            emptyText={AVAILABILITY_TEXTS.waTemplatesEmpty}
            noMatchText={AVAILABILITY_TEXTS.waTemplatesNoMatch}
            describe={(t) => ({ title: t.name, detail: t.category.name })}
          />
          <p className="-mt-2 text-xs text-neutral-500">{AVAILABILITY_TEXTS.waTemplateHint}</p>
          {template && <WaVariablesFields form={form} names={names} options={SOURCE_OPTIONS} />}
        </>
      )}
    </FormDrawer>
  );
}

import {
  AVAILABILITY_ANSWERS,
  AVAILABILITY_LINK_FIELDS,
  AVAILABILITY_LINK_VARIABLES,
  AVAILABILITY_MESSAGES,
  AVAILABILITY_REMIND_HOURS_MAX,
  AVAILABILITY_TEXTS,
  availabilityAskInput,
  waTemplateVariables,
  type Fixture,
  type WaTemplate,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { TopicField } from '@/components/topic-field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import {
  WaVariablesFields,
  useApprovedWaTemplates,
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
type AskForm = z.input<typeof askForm> & WaVariableValues;
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
    wa_template_id: '',
    sources: {},
    texts: {},
  };
}

/** The contract's checks, and the chosen template's variables checked as the API checks them. */
const resolverFor =
  (template: WaTemplate | undefined): Resolver<AskForm, unknown, AskValues> =>
  async (v, context, options) => {
    const names = template ? waTemplateVariables(template) : [];
    const wa_variables = waVariablesOf(names, v);
    const result = await zodResolver(askForm)({ ...v, wa_variables }, context, options as never);
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
  const templates = useApprovedWaTemplates(open && canUseWhatsApp);
  const form = useForm<AskForm, unknown, AskValues>({
    resolver: (v, context, options) =>
      resolverFor(templates.data?.find((t) => String(t._id) === String(v.wa_template_id)))(
        v,
        context,
        options,
      ),
    defaultValues: defaults(null),
    reValidateMode: 'onSubmit',
  });
  const values = useWatch({ control: form.control });
  const template = templates.data?.find((t) => String(t._id) === String(values.wa_template_id));
  const names = template ? waTemplateVariables(template) : [];
  // A template just chosen starts with its variables mapped afresh.
  const templateId = template?._id;
  useEffect(() => {
    const fresh = waVariableDefaults(names, SOURCE_OPTIONS);
    form.setValue('sources', fresh.sources);
    form.setValue('texts', fresh.texts);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new template resets them
  }, [templateId]);
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
          <SelectField
            form={form}
            name="wa_template_id"
            label={AVAILABILITY_TEXTS.waTemplateLabel}
            hint={AVAILABILITY_TEXTS.waTemplateHint}
            options={[
              { value: '', label: AVAILABILITY_TEXTS.waTemplateNone },
              ...(templates.data ?? []).map((t) => ({ value: String(t._id), label: t.name })),
            ]}
          />
          {template && (
            <WaVariablesFields
              form={form}
              names={names}
              options={SOURCE_OPTIONS}
              sources={values.sources}
            />
          )}
        </>
      )}
    </FormDrawer>
  );
}

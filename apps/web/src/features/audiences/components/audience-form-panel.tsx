import {
  AUDIENCE_COUNT_DEBOUNCE_MS,
  AUDIENCE_MATCH_LABELS,
  AUDIENCE_MATCHES,
  AUDIENCE_MESSAGES,
  AUDIENCE_SUCCESS,
  AUDIENCE_TEXTS,
  audienceDefinition,
  audienceInput,
  type Audience,
  type AudienceRule,
  type AudienceValues,
} from '@cricket/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { FormDrawer, useFormLifecycle } from '@/components/form-drawer';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/http';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  audienceCountQuery,
  getAudience,
  useCreateAudience,
  useUpdateAudience,
} from '../api/audiences';
import { emptyRule, RulesEditor, type AudienceForm, type RuleForm } from './rules-editor';

const FIELD_LABELS = {
  name: 'Name',
  description: 'Description',
  match: AUDIENCE_TEXTS.match,
  rules: 'Rules',
};

const MATCH_OPTIONS = AUDIENCE_MATCHES.map((m) => ({ value: m, label: AUDIENCE_MATCH_LABELS[m] }));

/** A stored rule as the form's controls hold it. */
function ruleForm(rule: AudienceRule, recordName: string | null): RuleForm {
  const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  const r = rule as Partial<Record<string, unknown>>;
  return {
    ...emptyRule(rule.field),
    not: rule.not,
    role_id: text(r.role_id as number),
    team_id: text(r.team_id as number),
    status: (r.status as string) ?? '',
    min: text(r.min as number | null),
    max: text(r.max as number | null),
    tournament_id: text(r.tournament_id as number),
    match_id: text(r.match_id as number),
    answer: (r.answer as string) ?? '',
    topic_id: text(r.topic_id as number),
    channel: (r.channel as string) ?? 'email',
    team_name: rule.field === 'team' ? (recordName ?? '') : '',
    tournament_name: rule.field === 'tournament' ? (recordName ?? '') : '',
    match_name: rule.field === 'availability' ? (recordName ?? '') : '',
  };
}

function formValues(audience: Audience | null): AudienceForm {
  return {
    name: audience?.name ?? '',
    description: audience?.description ?? '',
    match: audience?.match ?? 'all',
    rules: audience
      ? audience.rules.map((rule, i) => ruleForm(rule, audience.rule_records[i] ?? null))
      : [emptyRule()],
  };
}

/** How many people the rules hold now, counted again a moment after they stop changing. */
function LiveCount({ form }: { form: ReturnType<typeof useForm<AudienceForm>> }) {
  const values = useWatch({ control: form.control });
  const parsed = audienceDefinition.safeParse({ match: values.match, rules: values.rules });
  const definition = useDebouncedValue(
    parsed.success ? JSON.stringify(parsed.data) : null,
    AUDIENCE_COUNT_DEBOUNCE_MS,
  );
  const count = useQuery({
    ...audienceCountQuery(definition ? JSON.parse(definition) : { match: 'all', rules: [] }),
    enabled: definition !== null,
  });
  const text =
    definition === null
      ? AUDIENCE_TEXTS.countHint
      : count.isError
        ? errorMessage(count.error, AUDIENCE_MESSAGES.countFailed)
        : count.data === undefined || count.isFetching
          ? AUDIENCE_TEXTS.counting
          : AUDIENCE_TEXTS.count(count.data);
  return (
    <div className="rounded-lg bg-neutral-50 px-3 py-2 text-sm">
      <p aria-live="polite" className="font-medium text-neutral-900">
        {text}
      </p>
      {definition !== null && (
        <p className="text-xs text-neutral-500">{AUDIENCE_TEXTS.countHint}</p>
      )}
    </div>
  );
}

interface AudienceFormPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The audience to edit; null creates one. */
  audience: Audience | null;
}

/** Create or edit a saved audience: its name, its rules and how they combine, with a live count. */
export function AudienceFormPanel({ open, onOpenChange, audience }: AudienceFormPanelProps) {
  const form = useForm<AudienceForm>({
    resolver: zodResolver(audienceInput) as unknown as Resolver<AudienceForm>,
    defaultValues: formValues(null),
    reValidateMode: 'onSubmit',
  });
  const create = useCreateAudience();
  const update = useUpdateAudience();
  const editing = audience !== null;

  const lifecycle = useFormLifecycle({
    form,
    open,
    onOpenChange,
    values: () => formValues(audience),
    version: audience
      ? {
          updatedAt: audience.updated_at,
          reload: async () => {
            const theirs = await getAudience(audience._id);
            return { values: formValues(theirs), updatedAt: theirs.updated_at };
          },
          labels: FIELD_LABELS,
        }
      : undefined,
    successText: editing ? AUDIENCE_SUCCESS.updated : AUDIENCE_SUCCESS.created,
    failureText: editing ? AUDIENCE_MESSAGES.updateFailed : AUDIENCE_MESSAGES.createFailed,
    invalidText: AUDIENCE_MESSAGES.invalidForm,
    submit: (values, ifMatch) => {
      // The resolver hands over the parsed values: the rules as the API takes them.
      const parsed = values as unknown as AudienceValues;
      return audience
        ? update.mutateAsync({ id: audience._id, values: parsed, ifMatch })
        : create.mutateAsync(parsed);
    },
  });

  return (
    <FormDrawer
      lifecycle={lifecycle}
      open={open}
      title={editing ? AUDIENCE_TEXTS.edit : AUDIENCE_TEXTS.create}
      submitLabel={editing ? 'Update Audience' : 'Create Audience'}
      busyLabel={editing ? 'Updating...' : 'Creating...'}
    >
      <TextField
        form={form}
        name="name"
        label={FIELD_LABELS.name}
        required
        placeholder="e.g. Under-17s of the Strikers"
      />
      <TextAreaField form={form} name="description" label={FIELD_LABELS.description} rows={2} />
      <SelectField form={form} name="match" label={FIELD_LABELS.match} options={MATCH_OPTIONS} />
      <RulesEditor form={form} />
      <LiveCount form={form} />
    </FormDrawer>
  );
}

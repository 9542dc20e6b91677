import {
  AUDIENCE_FIELD_LABELS,
  AUDIENCE_FIELDS,
  AUDIENCE_MESSAGES,
  AUDIENCE_RULES_MAX,
  AUDIENCE_TEXTS,
  AVAILABILITY_LABELS,
  AVAILABILITY_STATUSES,
  SEND_CHANNEL_LABELS,
  SEND_CHANNELS,
  statusLabel,
  USER_STATUSES,
  type AudienceField,
} from '@cricket/contracts';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { FieldList, fieldListError } from '@/components/field-list';
import { activeTopicsQuery } from '@/components/topic-field';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { ruleOptionsQueries } from '../api/audiences';

/** A rule as the form holds it: every value a rule of any kind may carry, as control text. */
export interface RuleForm {
  field: AudienceField;
  not: boolean;
  role_id: string;
  team_id: string;
  status: string;
  min: string;
  max: string;
  tournament_id: string;
  match_id: string;
  answer: string;
  topic_id: string;
  channel: string;
}

export interface AudienceForm {
  name: string;
  description: string;
  match: 'all' | 'any';
  rules: RuleForm[];
}

export const emptyRule = (field: AudienceField = 'role'): RuleForm => ({
  field,
  not: false,
  role_id: '',
  team_id: '',
  status: '',
  min: '',
  max: '',
  tournament_id: '',
  match_id: '',
  answer: '',
  topic_id: '',
  channel: 'email',
});

type Form = UseFormReturn<AudienceForm, unknown, unknown>;

const FIELD_OPTIONS = AUDIENCE_FIELDS.map((f) => ({ value: f, label: AUDIENCE_FIELD_LABELS[f] }));
const STATUS_OPTIONS = USER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));
const ANSWER_OPTIONS = AVAILABILITY_STATUSES.map((s) => ({
  value: s,
  label: AVAILABILITY_LABELS[s],
}));
const CHANNEL_OPTIONS = SEND_CHANNELS.map((c) => ({ value: c, label: SEND_CHANNEL_LABELS[c] }));

/** A rule's record select, its options loaded when the rule needs them. */
function RecordSelect({
  form,
  name,
  label,
  query,
  placeholder,
}: {
  form: Form;
  name: `rules.${number}.${keyof RuleForm}`;
  label: string;
  query: UseQueryOptions<never, Error, SelectOption[], readonly unknown[]>;
  placeholder: string;
}) {
  const options = useQuery(query);
  return (
    <SelectField
      form={form}
      name={name}
      label={label}
      required
      placeholder={options.isPending ? 'Loading…' : placeholder}
      options={options.data ?? []}
    />
  );
}

const topicOptions = {
  ...activeTopicsQuery,
  select: (topics: { id: number; name: string }[]): SelectOption[] =>
    topics.map((t) => ({ value: String(t.id), label: t.name })),
};

/** The value controls of one rule, by what it is about. */
function RuleValues({ form, i, field }: { form: Form; i: number; field: AudienceField }) {
  const at = <K extends keyof RuleForm>(key: K) => `rules.${i}.${key}` as const;
  const select = (key: keyof RuleForm, label: string, query: unknown, placeholder: string) => (
    <RecordSelect
      form={form}
      name={at(key)}
      label={label}
      query={query as UseQueryOptions<never, Error, SelectOption[], readonly unknown[]>}
      placeholder={placeholder}
    />
  );
  switch (field) {
    case 'role':
      return select('role_id', 'Role', ruleOptionsQueries.role, AUDIENCE_MESSAGES.role);
    case 'team':
      return select('team_id', 'Team', ruleOptionsQueries.team, AUDIENCE_MESSAGES.team);
    case 'tournament':
      return select(
        'tournament_id',
        'Tournament',
        ruleOptionsQueries.tournament,
        AUDIENCE_MESSAGES.tournament,
      );
    case 'status':
      return (
        <SelectField
          form={form}
          name={at('status')}
          label="Account status"
          required
          placeholder={AUDIENCE_MESSAGES.status}
          options={STATUS_OPTIONS}
        />
      );
    case 'age':
      return (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            form={form}
            name={at('min')}
            label={AUDIENCE_TEXTS.youngest}
            type="number"
            inputMode="numeric"
            min={0}
          />
          <TextField
            form={form}
            name={at('max')}
            label={AUDIENCE_TEXTS.oldest}
            type="number"
            inputMode="numeric"
            min={0}
          />
        </div>
      );
    case 'availability':
      return (
        <>
          {select(
            'match_id',
            AUDIENCE_TEXTS.fixture,
            ruleOptionsQueries.fixture,
            AUDIENCE_MESSAGES.fixture,
          )}
          <SelectField
            form={form}
            name={at('answer')}
            label={AUDIENCE_TEXTS.answer}
            required
            placeholder={AUDIENCE_MESSAGES.answer}
            options={ANSWER_OPTIONS}
          />
        </>
      );
    case 'topic':
      return (
        <>
          {select('topic_id', 'Topic', topicOptions, AUDIENCE_MESSAGES.topic)}
          <SelectField
            form={form}
            name={at('channel')}
            label={AUDIENCE_TEXTS.channel}
            required
            options={CHANNEL_OPTIONS}
          />
        </>
      );
  }
}

/** Add and remove an audience's rules (up to AUDIENCE_RULES_MAX), each negatable. */
export function RulesEditor({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'rules' });
  const rules = useWatch({ control: form.control, name: 'rules' }) ?? [];

  return (
    <FieldList
      legend="Rules"
      count={fields.length}
      max={AUDIENCE_RULES_MAX}
      fullText={AUDIENCE_MESSAGES.rulesMax}
      addLabel={AUDIENCE_TEXTS.addRule}
      onAdd={() => {
        form.clearErrors('rules');
        append(emptyRule());
      }}
      error={fieldListError(form.formState.errors.rules)}
    >
      {fields.map((item, i) => (
        <div
          key={item.id}
          role="group"
          aria-label={`Rule ${i + 1}`}
          className="space-y-3 rounded-lg border border-neutral-200 p-3"
        >
          <div className="flex items-end gap-2">
            <SelectField
              form={form}
              name={`rules.${i}.field`}
              label={`Rule ${i + 1}`}
              options={FIELD_OPTIONS}
              className="min-w-0 flex-1"
            />
            <Button
              variant="ghost"
              size="icon"
              onClick={() => remove(i)}
              disabled={fields.length === 1}
              aria-label={`${AUDIENCE_TEXTS.removeRule} ${i + 1}`}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </div>
          <RuleValues form={form} i={i} field={rules[i]?.field ?? item.field} />
          <CheckboxField
            form={form}
            name={`rules.${i}.not`}
            label={AUDIENCE_TEXTS.not}
            hint={AUDIENCE_TEXTS.notHint}
          />
        </div>
      ))}
    </FieldList>
  );
}

import {
  AUDIENCE_FIELD_LABELS,
  AUDIENCE_FIELDS,
  AUDIENCE_MESSAGES,
  AUDIENCE_PICKER_DEBOUNCE_MS,
  AUDIENCE_PICKER_PAGE_SIZE,
  AUDIENCE_RULES_MAX,
  AUDIENCE_TEXTS,
  AVAILABILITY_LABELS,
  AVAILABILITY_STATUSES,
  SEND_CHANNEL_LABELS,
  SEND_CHANNELS,
  statusLabel,
  USER_STATUSES,
  type AudienceField,
  type MatchRow,
  type Team,
  type TournamentRow,
} from '@cricket/contracts';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { RecordPickerField, type RecordText } from '@/components/record-picker-field';
import type { PickerPage, PickerPageParams } from '@/components/use-paged-picker';
import { FieldList, fieldListError } from '@/components/field-list';
import { activeTopicsQuery } from '@/components/topic-field';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { fixtureName, roleOptionsQuery, rulePickerQueries } from '../api/audiences';

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
  /** What the picked team, tournament and fixture are called, for their fields. */
  team_name: string;
  tournament_name: string;
  match_name: string;
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
  team_name: '',
  tournament_name: '',
  match_name: '',
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

/** A rule's team, tournament or fixture: picked from the whole list, searched and paged. */
function RulePicker<Row extends { id: number }, QKey extends QueryKey>({
  form,
  i,
  idKey,
  nameKey,
  label,
  what,
  placeholder,
  query,
  describe,
}: {
  form: Form;
  i: number;
  idKey: 'team_id' | 'tournament_id' | 'match_id';
  nameKey: 'team_name' | 'tournament_name' | 'match_name';
  label: string;
  /** The records in the plural, lower case: 'teams'. */
  what: string;
  placeholder: string;
  query: (
    params: PickerPageParams,
  ) => UseQueryOptions<PickerPage<Row>, Error, PickerPage<Row>, QKey>;
  describe: (row: Row) => RecordText;
}) {
  const id = useWatch({ control: form.control, name: `rules.${i}.${idKey}` });
  const name = useWatch({ control: form.control, name: `rules.${i}.${nameKey}` });
  const value = id ? Number(id) : undefined;
  return (
    <RecordPickerField
      label={label}
      required
      value={value}
      valueText={value === undefined ? null : name || `#${value}`}
      placeholder={placeholder}
      error={form.getFieldState(`rules.${i}.${idKey}`, form.formState).error?.message}
      onChange={(row) => {
        form.clearErrors(`rules.${i}.${idKey}`);
        form.setValue(`rules.${i}.${idKey}`, String(row.id), { shouldDirty: true });
        form.setValue(`rules.${i}.${nameKey}`, describe(row).title, { shouldDirty: true });
      }}
      title={`Select ${label}`}
      searchLabel={`Search ${what}`}
      searchPlaceholder={`Search ${what}...`}
      listLabel={label}
      query={query}
      pageSize={AUDIENCE_PICKER_PAGE_SIZE}
      debounceMs={AUDIENCE_PICKER_DEBOUNCE_MS}
      emptyText={`No ${what} yet`}
      noMatchText={`No ${what} match your search`}
      describe={describe}
    />
  );
}

const TEAM_PICKER = {
  idKey: 'team_id',
  nameKey: 'team_name',
  label: 'Team',
  what: 'teams',
  placeholder: AUDIENCE_MESSAGES.team,
  query: rulePickerQueries.team,
  describe: (t: Team): RecordText => ({ title: t.name, detail: t.location }),
} as const;
const TOURNAMENT_PICKER = {
  idKey: 'tournament_id',
  nameKey: 'tournament_name',
  label: 'Tournament',
  what: 'tournaments',
  placeholder: AUDIENCE_MESSAGES.tournament,
  query: rulePickerQueries.tournament,
  describe: (t: TournamentRow): RecordText => ({ title: t.name }),
} as const;
const FIXTURE_PICKER = {
  idKey: 'match_id',
  nameKey: 'match_name',
  label: AUDIENCE_TEXTS.fixture,
  what: 'fixtures',
  placeholder: AUDIENCE_MESSAGES.fixture,
  query: rulePickerQueries.fixture,
  describe: (m: MatchRow): RecordText => ({ title: fixtureName(m), detail: m.venue }),
} as const;

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
      return select('role_id', 'Role', roleOptionsQuery, AUDIENCE_MESSAGES.role);
    case 'team':
      return <RulePicker form={form} i={i} {...TEAM_PICKER} />;
    case 'tournament':
      return <RulePicker form={form} i={i} {...TOURNAMENT_PICKER} />;
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
          <RulePicker form={form} i={i} {...FIXTURE_PICKER} />
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

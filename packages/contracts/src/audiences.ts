import { z } from 'zod';
import {
  idValue,
  nameText,
  optionalText,
  pagination,
  paginationQuery,
  sortQuery,
} from './common.ts';
import { SEND_CHANNELS } from './notifications.ts';
import { AVAILABILITY_STATUSES } from './tournaments.ts';
import { USER_STATUSES } from './user-values.ts';

/**
 * Saved audiences (issue 36): a named set of rules a send can target. Who is in it is decided
 * when the send goes, never stored, so people added after a send was scheduled are included.
 * One level of rules joined by 'all' (and) or 'any' (or), each of which may be negated (not):
 * the shape of a mail tool's segment, which a person can read back in one sentence.
 */
export const AUDIENCE_NAME_MAX = 100;
export const AUDIENCE_DESCRIPTION_MAX = 500;
export const AUDIENCE_RULES_MAX = 10;
export const AUDIENCE_AGE_MAX = 120;
/** The send form's audience select asks for this many, by name. */
export const AUDIENCE_PICKER_LIMIT = 100;
/** How long the form waits after a change of rules before counting them again. */
export const AUDIENCE_COUNT_DEBOUNCE_MS = 400;

export const AUDIENCE_MATCHES = ['all', 'any'] as const;
export type AudienceMatch = (typeof AUDIENCE_MATCHES)[number];
export const AUDIENCE_MATCH_LABELS: Record<AudienceMatch, string> = {
  all: 'All of these rules (and)',
  any: 'Any of these rules (or)',
};

export const AUDIENCE_FIELDS = [
  'role',
  'team',
  'status',
  'age',
  'tournament',
  'availability',
  'topic',
] as const;
export type AudienceField = (typeof AUDIENCE_FIELDS)[number];
export const AUDIENCE_FIELD_LABELS: Record<AudienceField, string> = {
  role: 'Role',
  team: 'Plays for team',
  status: 'Account status',
  age: 'Age',
  tournament: 'Plays in tournament',
  availability: 'Availability for a fixture',
  topic: 'Subscribed to topic',
};

/** A rule's team, tournament or fixture is picked from a searchable list, a page at a time. */
export const AUDIENCE_PICKER_PAGE_SIZE = 10;
export const AUDIENCE_PICKER_DEBOUNCE_MS = 300;

export const AUDIENCE_MESSAGES = {
  nameRequired: 'Audience name is required',
  nameMax: `Audience name must not exceed ${AUDIENCE_NAME_MAX} characters`,
  nameTaken: 'An audience with this name already exists',
  descriptionMax: `Description must not exceed ${AUDIENCE_DESCRIPTION_MAX} characters`,
  match: 'Choose whether all or any of the rules must hold',
  rulesRequired: 'Add at least one rule',
  rulesMax: `An audience has at most ${AUDIENCE_RULES_MAX} rules`,
  field: 'Choose what the rule is about',
  role: 'Choose a role',
  team: 'Choose a team',
  status: 'Choose an account status',
  tournament: 'Choose a tournament',
  fixture: 'Choose a fixture',
  answer: 'Choose an answer',
  topic: 'Choose a topic',
  channel: 'Choose a channel',
  ageNumber: `Age must be a whole number from 0 to ${AUDIENCE_AGE_MAX}`,
  ageRequired: 'Give a youngest age, an oldest age or both',
  ageOrder: 'The youngest age must not be above the oldest',
  /** A rule naming a record that does not exist (any more). */
  unknown: (what: string) => `This ${what} no longer exists`,
  notFound: 'Audience not found',
  /** The send form's audience that was deleted meanwhile. */
  sendAudienceMissing: 'This audience no longer exists; choose another',
  fetchFailed: 'Error fetching audiences',
  countFailed: 'Could not count this audience',
  createFailed: 'Failed to create audience',
  updateFailed: 'Failed to update audience',
  deleteFailed: 'Failed to delete audience',
  empty: 'No audiences found',
  invalidForm: 'Please fix all errors before submitting',
} as const;

export const AUDIENCE_SUCCESS = {
  listed: 'Audiences fetched successfully',
  fetched: 'Audience fetched successfully',
  created: 'Audience created successfully',
  updated: 'Audience updated successfully',
  deleted: 'Audience deleted successfully',
  counted: 'Audience counted successfully',
} as const;

export const AUDIENCE_TEXTS = {
  title: 'Audiences',
  create: 'New audience',
  edit: 'Edit audience',
  match: 'Who is in it',
  addRule: 'Add rule',
  removeRule: 'Remove rule',
  not: 'Not',
  notHint: 'Everyone this rule does not match',
  youngest: 'Youngest age',
  oldest: 'Oldest age',
  channel: 'Channel',
  answer: 'Answer',
  fixture: 'Fixture',
  /** The live count beside the rules. */
  count: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'person' : 'people'} now`,
  counting: 'Counting…',
  countHint: 'Who is in it is decided again when a send goes.',
  /** The list's line for an audience's rules: '3 rules, all must hold'. */
  summary: (n: number, match: AudienceMatch) =>
    `${n} ${n === 1 ? 'rule' : 'rules'}${n === 1 ? '' : match === 'all' ? ', all must hold' : ', any may hold'}`,
  pickerHint: 'Who is in the audience is decided when the send goes.',
  deleteTitle: 'Delete audience',
  deleteDescription: (name: string) =>
    `Delete “${name}”? Sends already made to it keep their recipients.`,
} as const;

/** A rule's number fields as a request reads them (ids and ages, text from a form too). */
const requestValues = {
  id: (message: string) => idValue(message),
  not: z.boolean().default(false),
  age: z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: AUDIENCE_MESSAGES.ageNumber })
        .int(AUDIENCE_MESSAGES.ageNumber)
        .min(0, AUDIENCE_MESSAGES.ageNumber)
        .max(AUDIENCE_AGE_MAX, AUDIENCE_MESSAGES.ageNumber)
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? null),
};
/** The same fields as an answer holds them: what was stored, nothing left to coerce. */
const storedValues = {
  id: () => z.number().int(),
  not: z.boolean(),
  age: z.number().int().nullable(),
};

/** One rule; `not` turns it into its complement (a person without a birth date is not 13–17). */
function ruleSchema(v: typeof requestValues | typeof storedValues) {
  const not = v.not.meta({ description: 'Everyone the rule does not match' });
  return z.discriminatedUnion(
    'field',
    [
      z.object({ field: z.literal('role'), role_id: v.id(AUDIENCE_MESSAGES.role), not }),
      z.object({ field: z.literal('team'), team_id: v.id(AUDIENCE_MESSAGES.team), not }),
      z.object({
        field: z.literal('status'),
        status: z.enum(USER_STATUSES, { error: AUDIENCE_MESSAGES.status }),
        not,
      }),
      z.object({
        field: z.literal('age'),
        min: v.age.meta({ description: 'Youngest age in whole years, from the date of birth' }),
        max: v.age.meta({ description: 'Oldest age in whole years' }),
        not,
      }),
      z.object({
        field: z.literal('tournament'),
        tournament_id: v.id(AUDIENCE_MESSAGES.tournament),
        not,
      }),
      z.object({
        field: z.literal('availability'),
        match_id: v.id(AUDIENCE_MESSAGES.fixture),
        answer: z
          .enum(AVAILABILITY_STATUSES, { error: AUDIENCE_MESSAGES.answer })
          .meta({ description: "The person's answer for the fixture; pending: asked, no answer" }),
        not,
      }),
      z.object({
        field: z.literal('topic'),
        topic_id: v.id(AUDIENCE_MESSAGES.topic),
        channel: z.enum(SEND_CHANNELS, { error: AUDIENCE_MESSAGES.channel }),
        not,
      }),
    ],
    { error: AUDIENCE_MESSAGES.field },
  );
}
export const audienceRule = ruleSchema(requestValues);
const storedRule = ruleSchema(storedValues);
export type AudienceRule = z.output<typeof audienceRule>;
export type AudienceRuleInput = z.input<typeof audienceRule>;

const definitionFields = {
  match: z.enum(AUDIENCE_MATCHES, { error: AUDIENCE_MESSAGES.match }).default('all'),
  rules: z
    .array(audienceRule, { error: AUDIENCE_MESSAGES.rulesRequired })
    .min(1, AUDIENCE_MESSAGES.rulesRequired)
    .max(AUDIENCE_RULES_MAX, AUDIENCE_MESSAGES.rulesMax)
    .meta({
      description: `1 to ${AUDIENCE_RULES_MAX} rules. The record a rule names (role, team, tournament, fixture, topic) must exist: a 400 names the rule's field (rules.2.team_id) otherwise. An age rule needs min, max or both, min not above max.`,
    }),
};

/** An age rule needs one bound at least, the youngest not above the oldest. */
function ageBounds(v: { rules: AudienceRule[] }, ctx: z.RefinementCtx) {
  v.rules.forEach((rule, i) => {
    if (rule.field !== 'age') return;
    if (rule.min === null && rule.max === null)
      ctx.addIssue({
        code: 'custom',
        path: ['rules', i, 'min'],
        message: AUDIENCE_MESSAGES.ageRequired,
      });
    else if (rule.min !== null && rule.max !== null && rule.min > rule.max)
      ctx.addIssue({
        code: 'custom',
        path: ['rules', i, 'max'],
        message: AUDIENCE_MESSAGES.ageOrder,
      });
  });
}

/** The rules and how they combine: what the live count counts (`POST /api/audiences/count`). */
export const audienceDefinition = z.object(definitionFields).superRefine(ageBounds);
export type AudienceDefinition = z.output<typeof audienceDefinition>;
export type AudienceDefinitionInput = z.input<typeof audienceDefinition>;

/** `POST` and `PUT /api/audiences`. */
export const audienceInput = z
  .object({
    name: nameText('Audience name', AUDIENCE_MESSAGES.nameRequired)
      .min(1, AUDIENCE_MESSAGES.nameRequired)
      .max(AUDIENCE_NAME_MAX, AUDIENCE_MESSAGES.nameMax),
    description: z
      .string()
      .trim()
      .max(AUDIENCE_DESCRIPTION_MAX, AUDIENCE_MESSAGES.descriptionMax)
      .nullish()
      .transform((v) => (v ? v : null)),
    ...definitionFields,
  })
  .superRefine(ageBounds);
export type AudienceInput = z.input<typeof audienceInput>;
export type AudienceValues = z.output<typeof audienceInput>;

export const audience = z.object({
  _id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  match: z.enum(AUDIENCE_MATCHES),
  rules: z.array(storedRule),
  rule_records: z.array(z.string().nullable()).meta({
    description:
      'By rule, what the record it names is called now (a role, team, tournament, topic, or a fixture as "Home v Away, YYYY-MM-DD"); null for a rule that names none',
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Audience = z.infer<typeof audience>;

export const AUDIENCE_SORT_KEYS = ['name', 'created_at', 'updated_at'] as const;
export const audiencesQuery = paginationQuery.extend({
  search: optionalText,
  ...sortQuery(AUDIENCE_SORT_KEYS),
});
export type AudiencesQuery = z.input<typeof audiencesQuery>;
/** The export's query (as issue 33's lists): the list's filters and sort, without its page. */
export const audiencesExportQuery = audiencesQuery.omit({ page: true, limit: true });
/** The audiences export's header row: the list's columns, with the id and each rule's record. */
export const AUDIENCE_EXPORT_COLUMNS = {
  id: 'ID',
  name: 'Name',
  description: 'Description',
  rules: 'Rules',
  records: 'Records named',
  created_at: 'Created At',
  updated_at: 'Updated At',
} as const;
export const audiencesPage = z.object({ audiences: z.array(audience), pagination });
export type AudiencesPage = z.infer<typeof audiencesPage>;
export const audienceParams = z.object({ _id: idValue() });

/** `POST /api/audiences/count`: how many people the rules hold now. */
export const audienceCount = z.object({ count: z.number().int() });
export type AudienceCount = z.infer<typeof audienceCount>;

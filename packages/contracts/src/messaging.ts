import { z } from 'zod';
import {
  idParam,
  idValue,
  nameText,
  optionalText,
  pageOf,
  paginationQuery,
  sortQuery,
} from './common.ts';
import { CONSENT_SOURCES, SEND_CHANNELS } from './notifications.ts';
import { timeZoneName } from './time-zones.ts';

/**
 * Issue 32: what a message is about. A template names one topic, or none: an `account`
 * message (security, password, account changes) that is always delivered and has no
 * unsubscribe. People subscribe to topics per channel (their preferences).
 */
export const MESSAGING_TOPIC_NAME_MIN = 2;
export const MESSAGING_TOPIC_NAME_MAX = 100;
export const MESSAGING_TOPIC_DESCRIPTION_MAX = 500;
export const CONSENT_REASON_MAX = 500;

/** The topics every organisation starts with (`default_subscribed`: on for new users). */
export const SEEDED_MESSAGING_TOPICS = [
  {
    name: 'Match updates',
    description: 'Fixtures, results and changes to matches',
    default_subscribed: true,
  },
  {
    name: 'Team news',
    description: 'News from the teams a person plays for or follows',
    default_subscribed: true,
  },
  {
    name: 'Club announcements',
    description: "The club's own news and events",
    default_subscribed: true,
  },
  {
    name: 'Offers and promotions',
    description: 'Offers from the club and its partners',
    default_subscribed: false,
  },
] as const;

export const MESSAGING_TOPIC_MESSAGES = {
  nameRequired: 'Topic name is required',
  nameMin: `Topic name must be at least ${MESSAGING_TOPIC_NAME_MIN} characters`,
  nameMax: `Topic name must not exceed ${MESSAGING_TOPIC_NAME_MAX} characters`,
  nameTaken: 'A topic with this name already exists',
  descriptionMax: `Description must not exceed ${MESSAGING_TOPIC_DESCRIPTION_MAX} characters`,
  notFound: 'Topic not found',
  invalidForm: 'Please fix all errors before submitting',
  fetchFailed: 'Error fetching topics',
  createFailed: 'Failed to create topic',
  updateFailed: 'Failed to update topic',
  deleteFailed: 'Failed to delete topic',
  empty: 'No topics found',
  active: 'Active must be true or false',
  /** The template forms' choice for a message without a topic. */
  accountOption: 'Account message (always delivered)',
  topicLabel: 'Purpose',
  topicHint:
    'Account messages (security, password, account changes) reach everyone; a topic message reaches only those subscribed to it.',
} as const;

/** The 409 of a topic still named by templates. */
export const topicInUseMessage = (count: number) =>
  `This topic is used by ${count} ${count === 1 ? 'template' : 'templates'} and cannot be deleted. Move ${count === 1 ? 'it' : 'them'} to another topic first, or mark the topic inactive.`;

/** A topic messages were sent under stays: the sends' history and unsubscribe links name it. */
export const TOPIC_SENT_MESSAGE =
  'Messages have been sent under this topic, so it cannot be deleted: their unsubscribe links name it. Mark the topic inactive instead.';

export const MESSAGING_TOPIC_SUCCESS = {
  listed: 'Topics fetched successfully',
  fetched: 'Topic fetched successfully',
  created: 'Topic created successfully',
  updated: 'Topic updated successfully',
  deleted: 'Topic deleted successfully',
} as const;

/** `POST` and `PUT /api/messaging/topics`. */
export const messagingTopicInput = z.object({
  name: nameText('Topic name', MESSAGING_TOPIC_MESSAGES.nameRequired)
    .min(1, MESSAGING_TOPIC_MESSAGES.nameRequired)
    .min(MESSAGING_TOPIC_NAME_MIN, MESSAGING_TOPIC_MESSAGES.nameMin)
    .max(MESSAGING_TOPIC_NAME_MAX, MESSAGING_TOPIC_MESSAGES.nameMax),
  description: z
    .string()
    .trim()
    .max(MESSAGING_TOPIC_DESCRIPTION_MAX, MESSAGING_TOPIC_MESSAGES.descriptionMax)
    .nullish()
    .transform((v) => (v ? v : null)),
  default_subscribed: z.boolean({ error: MESSAGING_TOPIC_MESSAGES.active }).default(true),
  active: z.boolean({ error: MESSAGING_TOPIC_MESSAGES.active }).default(true),
});
export type MessagingTopicInput = z.input<typeof messagingTopicInput>;
export type MessagingTopicValues = z.output<typeof messagingTopicInput>;

export const messagingTopic = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  default_subscribed: z.boolean(),
  active: z.boolean(),
  /** How many notification and WhatsApp templates name it. */
  template_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MessagingTopic = z.infer<typeof messagingTopic>;
export const messagingTopicData = z.object({ topic: messagingTopic });
export const messagingTopicsPage = pageOf(messagingTopic);

const booleanFilter = z
  .enum(['', 'true', 'false'], { error: MESSAGING_TOPIC_MESSAGES.active })
  .optional()
  .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined));

/** The topics list's sortable columns (issue 33). */
export const MESSAGING_TOPIC_SORT_KEYS = [
  'name',
  'default_subscribed',
  'template_count',
  'active',
  'created_at',
] as const;

export const messagingTopicsQuery = paginationQuery.extend({
  name: optionalText,
  active: booleanFilter,
  ...sortQuery(MESSAGING_TOPIC_SORT_KEYS),
});
export type MessagingTopicsQuery = z.input<typeof messagingTopicsQuery>;
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const messagingTopicsExportQuery = messagingTopicsQuery.omit({ page: true, limit: true });
/** The topics export's header row: the list's columns, with the id. */
export const MESSAGING_TOPIC_EXPORT_COLUMNS = {
  id: 'ID',
  name: 'Name',
  description: 'Description',
  default_subscribed: 'New users',
  template_count: 'Templates',
  active: 'Active',
  created_at: 'Created At',
} as const;
export const messagingTopicParams = idParam;

/* Preferences: per user, per topic, per channel. */

export const PREFERENCE_MESSAGES = {
  fetchFailed: 'Error fetching messaging preferences',
  updateFailed: 'Failed to update messaging preference',
  reasonRequired: 'A reason is required to resubscribe someone',
  reasonMax: `Reason must not exceed ${CONSENT_REASON_MAX} characters`,
  topicNotFound: 'Topic not found',
  channel: 'Channel must be email, sms, push or whatsapp',
  subscribed: 'Subscribed must be true or false',
  title: 'Messaging',
  historyTitle: 'Consent history',
  historyEmpty: 'No consent changes recorded',
  noTopics: 'No active topics',
  defaultSource: 'Default',
  reasonLabel: 'Reason',
  reasonPrompt: 'Why is this person being resubscribed?',
  resubscribeTitle: (topic: string, channel: string) => `Resubscribe to ${topic} by ${channel}?`,
} as const;

export const PREFERENCE_SUCCESS = {
  listed: 'Messaging preferences fetched successfully',
  updated: 'Messaging preference updated successfully',
} as const;

export const CHANNEL_LABELS = {
  email: 'Email',
  sms: 'SMS',
  push: 'Push',
  whatsapp: 'WhatsApp',
} as const satisfies Record<(typeof SEND_CHANNELS)[number], string>;

export const CONSENT_SOURCE_LABELS = {
  admin: 'Admin',
  preference_page: 'Preference page',
  one_click: 'One-click unsubscribe',
  inbound_stop: 'Inbound STOP',
  import: 'Import',
} as const satisfies Record<(typeof CONSENT_SOURCES)[number], string>;

export const preference = z.object({
  topic_id: z.number().int(),
  topic_name: z.string(),
  channel: z.enum(SEND_CHANNELS),
  subscribed: z.boolean(),
  /** Null when nothing was recorded: the topic's default applies. */
  // One enum holding null too: the OpenAPI 3.0 document's `nullable` does not reach inside `enum`.
  source: z.literal([...CONSENT_SOURCES, null]),
  updated_at: z.string().nullable(),
});
export type Preference = z.infer<typeof preference>;

export const consentRecord = z.object({
  id: z.number().int(),
  topic_id: z.number().int().nullable(),
  /** Null for every topic at once (an inbound STOP); the topic's name when it still exists. */
  topic_name: z.string().nullable(),
  channel: z.enum(SEND_CHANNELS),
  subscribed: z.boolean(),
  source: z.enum(CONSENT_SOURCES),
  address: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecord>;

export const preferencesData = z.object({
  preferences: z.array(preference),
  /** Newest first, at most CONSENT_HISTORY_LIMIT rows. */
  history: z.array(consentRecord),
});
export type PreferencesData = z.infer<typeof preferencesData>;
export const CONSENT_HISTORY_LIMIT = 100;

/** `PUT /api/users/{id}/preferences`: one topic on one channel. */
export const preferenceInput = z
  .object({
    topic_id: idValue(PREFERENCE_MESSAGES.topicNotFound),
    channel: z.enum(SEND_CHANNELS, { error: PREFERENCE_MESSAGES.channel }),
    subscribed: z.boolean({ error: PREFERENCE_MESSAGES.subscribed }),
    reason: z
      .string()
      .trim()
      .max(CONSENT_REASON_MAX, PREFERENCE_MESSAGES.reasonMax)
      .nullish()
      .transform((v) => (v ? v : null))
      .meta({ description: 'Why; required when `subscribed` is true (resubscribing someone)' }),
  })
  .superRefine((v, ctx) => {
    if (v.subscribed && !v.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: PREFERENCE_MESSAGES.reasonRequired,
      });
  });
export type PreferenceInput = z.input<typeof preferenceInput>;
export type PreferenceValues = z.output<typeof preferenceInput>;

/* Quiet hours: the organisation's window, in each recipient's own time zone (issue 32). */

export const DEFAULT_QUIET_HOURS = { start: '21:00', end: '08:00' } as const;
/** `HH:MM` on a 24-hour clock. */
const CLOCK_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export const MESSAGING_SETTINGS_MESSAGES = {
  startInvalid: 'Quiet hours start must be a time such as 21:00',
  endInvalid: 'Quiet hours end must be a time such as 08:00',
  fetchFailed: 'Error fetching messaging settings',
  updateFailed: 'Failed to update messaging settings',
  invalidForm: 'Please fix all errors before submitting',
  title: 'Quiet hours',
  description:
    "A send marked 'Respect quiet hours' holds each message that would arrive in this window of the recipient's local time until the window ends. Account messages are never held.",
  startLabel: 'Quiet hours start',
  endLabel: 'Quiet hours end',
  timeZoneLabel: 'Default time zone',
  timeZoneHint: 'Used for everyone whose profile names no time zone of their own.',
  offHint: 'The same start and end time means no quiet hours.',
  edit: 'Edit quiet hours',
  windowLabel: 'Every day, local time',
  /** The window as the screens say it: '21:00–08:00', or 'Off' when it holds nothing. */
  window: (start: string, end: string) => (start === end ? 'Off' : `${start}–${end}`),
  save: 'Save quiet hours',
  saving: 'Saving…',
} as const;

export const MESSAGING_SETTINGS_SUCCESS = {
  fetched: 'Messaging settings fetched successfully',
  updated: 'Messaging settings updated successfully',
} as const;

const clockTime = (message: string, example: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(CLOCK_TIME, message)
    .meta({ description: `HH:MM on a 24-hour clock, e.g. ${example}` });

/**
 * `PUT /api/messaging/settings`. A window may cross midnight (21:00–08:00) or not
 * (13:00–15:00); the same start and end turns quiet hours off.
 */
export const messagingSettingsInput = z.object({
  quiet_hours_start: clockTime(MESSAGING_SETTINGS_MESSAGES.startInvalid, '21:00'),
  quiet_hours_end: clockTime(MESSAGING_SETTINGS_MESSAGES.endInvalid, '08:00'),
  time_zone: timeZoneName,
});
export type MessagingSettingsInput = z.input<typeof messagingSettingsInput>;
export type MessagingSettingsValues = z.output<typeof messagingSettingsInput>;

export const messagingSettings = z.object({
  quiet_hours_start: z.string(),
  quiet_hours_end: z.string(),
  time_zone: z.string(),
  updated_at: z.string(),
});
export type MessagingSettings = z.infer<typeof messagingSettings>;
export const messagingSettingsData = z.object({ settings: messagingSettings });

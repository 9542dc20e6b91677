import { z } from 'zod';
import { statusLabel } from './labels.ts';
import {
  idValue,
  LINE_TEXT_RULE,
  lineText,
  nameText,
  optionalText,
  pageOf,
  pageKeyQuery,
  paginationQuery,
  templateTopicId,
  sortQuery,
} from './common.ts';
import {
  TEMPLATE_VARIABLES,
  TEMPLATE_VARIABLES_RULE,
  templateVariableProblem,
  type TemplateVariable,
} from './template-variables.ts';

/** Spec §3 "Notification template" and §4/§9: channels, statuses and defaults. */
export const NOTIFICATION_TYPES = ['email', 'sms', 'push'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  email: 'Email',
  sms: 'SMS',
  push: 'Push',
};
/** The channel inside a sentence: 'Send this email to…', 'no SMS transport'. */
export const NOTIFICATION_TYPE_NOUNS: Record<NotificationType, string> = {
  email: 'email',
  sms: 'SMS',
  push: 'push notification',
};
/**
 * Where a send goes: the notification templates' channels, and WhatsApp, whose sends are made
 * from an approved WhatsApp template (`POST /api/wa/templates/{id}/send`, issue 31).
 */
export const SEND_CHANNELS = [...NOTIFICATION_TYPES, 'whatsapp'] as const;
export type SendChannel = (typeof SEND_CHANNELS)[number];
export const SEND_CHANNEL_LABELS: Record<SendChannel, string> = {
  ...NOTIFICATION_TYPE_LABELS,
  whatsapp: 'WhatsApp',
};
export const SEND_CHANNEL_NOUNS: Record<SendChannel, string> = {
  ...NOTIFICATION_TYPE_NOUNS,
  whatsapp: 'WhatsApp message',
};
export const NOTIFICATION_TEMPLATE_STATUSES = ['active', 'inactive', 'draft'] as const;
export type NotificationTemplateStatus = (typeof NOTIFICATION_TEMPLATE_STATUSES)[number];
export const RECIPIENT_TYPES = ['all', 'active', 'specific', 'audience'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];
/** Who a send goes to, as the send form, its preview and the send's page say it. */
export const RECIPIENT_TYPE_LABELS: Record<RecipientType, string> = {
  all: 'All users',
  active: 'Active users',
  specific: 'Specific users',
  audience: 'Saved audience',
};
/** 'active' recipients: users whose account is verified. */
export const ACTIVE_RECIPIENT_STATUS = 'verified';

/** A send to more users than this, or to 'all'/'active', is confirmed first (issue 30). */
export const CONFIRM_SEND_ABOVE = 10;
export const needsSendConfirmation = (audience: RecipientType, count: number) =>
  audience !== 'specific' || count > CONFIRM_SEND_ABOVE;

export const NOTIFICATION_TEMPLATE_NAME_MIN = 3;
export const NOTIFICATION_TEMPLATE_NAME_MAX = 100;
export const NOTIFICATION_SUBJECT_MAX = 200;
export const NOTIFICATION_MESSAGE_MIN = 10;
export const NOTIFICATION_MESSAGE_MAX = 5000;
/** A 'specific' send names at most this many users; larger audiences use all / active. */
export const MAX_SPECIFIC_RECIPIENTS = 1000;
export const RECIPIENT_SEARCH_DEBOUNCE_MS = 300;
export const RECIPIENT_PICKER_PAGE_SIZE = 20;

/** The subject field exists for these channels only (spec §2 "Notification Templates"). */
export const hasSubject = (type: NotificationType) => type === 'email' || type === 'push';

/** A send's quiet hours (issue 32): the forms' checkbox and the send page's waiting line. */
export const QUIET_HOURS_TEXTS = {
  respectLabel: 'Respect quiet hours',
  respectHint:
    "A message due in a recipient's quiet hours waits until they end in the recipient's time zone. Account messages are never held.",
  respectInvalid: 'Respect quiet hours must be true or false',
  /** The send page: '212 waiting for quiet hours to end, until Nov 28 2026, 8:00 AM'. */
  waiting: (n: number, until: string) =>
    `${n.toLocaleString('en-US')} waiting for quiet hours to end, until ${until}`,
} as const;

export const NOTIFICATION_MESSAGES = {
  nameRequired: 'Template name is required',
  nameMin: 'Template name must be at least 3 characters',
  nameMax: 'Template name must not exceed 100 characters',
  templateSubjectRequired: 'Subject is required for email and push notifications',
  subjectMax: 'Subject must not exceed 200 characters',
  messageRequired: 'Message is required',
  messageMin: 'Message must be at least 10 characters',
  messageMax: 'Message must not exceed 5000 characters',
  templateFormInvalid: 'Please fix the validation errors before submitting',
  templateNotFound: 'Template not found',
  templateRequired: 'Please select a template',
  recipientsRequired: 'Please select at least one user',
  tooManyRecipients: `Select at most ${MAX_SPECIFIC_RECIPIENTS} users, or send to all or active users`,
  recipientsUnknown: 'Some selected users no longer exist',
  audienceRequired: 'Please choose an audience',
  sendSubjectRequired: 'Subject is required',
  scheduledRequired: 'Please select a scheduled time',
  scheduledYear: 'Year must be exactly 4 digits (YYYY)',
  scheduledFuture: 'Scheduled time must be in the future',
  noRecipients: 'There are no users to send this notification to',
  /** The confirmation while the audience's count is still on its way: nothing to confirm yet. */
  countingRecipients: 'Counting the recipients…',
  noTransport: (type: NotificationType) =>
    `${NOTIFICATION_TYPE_LABELS[type]} notifications are not configured on this server`,
  /** Asked before a send to many (more than CONFIRM_SEND_ABOVE) or to a whole audience. */
  confirmSend: (type: SendChannel, count: number, audience: RecipientType) => {
    const n = count.toLocaleString('en-US');
    const users = count === 1 ? 'user' : 'users';
    const whom =
      audience === 'all'
        ? `all ${n} ${users}`
        : audience === 'active'
          ? `${n} active ${users}`
          : audience === 'audience'
            ? `the ${n} ${users} in this audience`
            : `${n} ${users}`;
    return `Send this ${SEND_CHANNEL_NOUNS[type]} to ${whom}?`;
  },
  transportMissing: (type: NotificationType) =>
    `Unavailable: no ${NOTIFICATION_TYPE_NOUNS[type]} transport is configured on this server`,
  sendNotFound: 'Notification send not found',
  notCancellable: 'Only a scheduled or running send can be cancelled',
  /** Cancel came after the worker had claimed every remaining delivery: they all go out. */
  alreadySent: 'This send has already been sent.',
  notRetryable: 'A cancelled send cannot be retried',
  nothingToRetry: 'This send has no failed deliveries',
  /** Empty states of the lists. */
  templatesEmpty: 'No templates found',
  sendsEmpty: 'No notifications sent yet',
  deliveriesEmpty: 'No deliveries found',
  recipientsEmpty: 'No users available',
  recipientsNoMatch: 'No users found matching your search',
} as const;

/** Toasts and API answers (spec §8 "Notification templates" and "Send"). */
export const NOTIFICATION_SUCCESS = {
  templatesListed: 'Templates fetched successfully',
  templateFetched: 'Template fetched successfully',
  templateCreated: 'Template created successfully',
  templateUpdated: 'Template updated successfully',
  templateDeleted: (name: string) => `${name} deleted successfully!`,
  recipientsListed: 'Users fetched successfully',
  /**
   * The spec's 'Notification sent successfully!' / 'Notification scheduled successfully!' claimed
   * delivery when the send was only queued (issue 30): the toast says what happened instead.
   */
  sending: (n: number) =>
    `Sending to ${n.toLocaleString('en-US')} ${n === 1 ? 'recipient' : 'recipients'}`,
  scheduledFor: (when: string) => `Scheduled for ${when}`,
  /** An earlier press was accepted and its answer lost: the send exists (decision 036). */
  accepted: 'Notification accepted',
  sendsListed: 'Sent notifications fetched successfully',
  sendFetched: 'Notification send fetched successfully',
  channelsListed: 'Channels fetched successfully',
  cancelled: 'Notification send cancelled',
  retried: (n: number) => `${n} failed ${n === 1 ? 'delivery' : 'deliveries'} queued again`,
} as const;

export const NOTIFICATION_ERRORS = {
  createTemplate: 'Failed to create template',
  updateTemplate: 'Failed to update template',
  fetchTemplates: 'Error fetching templates',
  deleteTemplate: 'Error deleting template',
  send: 'Failed to send notification',
  fetchPickerTemplates: 'Failed to fetch templates',
  fetchUsers: 'Failed to fetch users',
  fetchSends: 'Failed to fetch sent notifications',
  cancel: 'Failed to cancel the send',
  retry: 'Failed to retry the failed deliveries',
} as const;

const variableRule = (value: string | null | undefined, ctx: z.RefinementCtx, path: string) => {
  const problem = value ? templateVariableProblem(value) : null;
  if (problem) ctx.addIssue({ code: 'custom', path: [path], message: problem });
};

const subjectText = lineText()
  .max(NOTIFICATION_SUBJECT_MAX, NOTIFICATION_MESSAGES.subjectMax)
  .meta({
    description: `${LINE_TEXT_RULE} Required where the channel has one (email, push: for a send, the template's channel). ${TEMPLATE_VARIABLES_RULE}`,
  })
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

const messageText = z
  .string({ error: NOTIFICATION_MESSAGES.messageRequired })
  .trim()
  .min(1, NOTIFICATION_MESSAGES.messageRequired)
  .min(NOTIFICATION_MESSAGE_MIN, NOTIFICATION_MESSAGES.messageMin)
  .max(NOTIFICATION_MESSAGE_MAX, NOTIFICATION_MESSAGES.messageMax)
  .meta({ description: TEMPLATE_VARIABLES_RULE });

/** Spec §5 "Notification template": the create/edit panels and POST/PUT bodies. */
export const notificationTemplateInput = z
  .object({
    name: nameText('Template name', NOTIFICATION_MESSAGES.nameRequired)
      .min(1, NOTIFICATION_MESSAGES.nameRequired)
      .min(NOTIFICATION_TEMPLATE_NAME_MIN, NOTIFICATION_MESSAGES.nameMin)
      .max(NOTIFICATION_TEMPLATE_NAME_MAX, NOTIFICATION_MESSAGES.nameMax),
    type: z.enum(NOTIFICATION_TYPES).default('email'),
    status: z.enum(NOTIFICATION_TEMPLATE_STATUSES).default('draft'),
    topic_id: templateTopicId,
    subject: subjectText,
    message: messageText,
  })
  .superRefine((v, ctx) => {
    if (hasSubject(v.type) && !v.subject)
      ctx.addIssue({
        code: 'custom',
        path: ['subject'],
        message: NOTIFICATION_MESSAGES.templateSubjectRequired,
      });
    if (hasSubject(v.type)) variableRule(v.subject, ctx, 'subject');
    variableRule(v.message, ctx, 'message');
  })
  // SMS has no subject: whatever the form held is dropped, not stored.
  .transform((v) => ({ ...v, subject: hasSubject(v.type) ? v.subject : null }));
export type NotificationTemplateInput = z.input<typeof notificationTemplateInput>;
export type NotificationTemplateValues = z.output<typeof notificationTemplateInput>;

export const notificationTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  status: z.enum(NOTIFICATION_TEMPLATE_STATUSES),
  /** Null: an account message. */
  topic_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NotificationTemplate = z.infer<typeof notificationTemplate>;
export const notificationTemplatesPage = pageOf(notificationTemplate);
export const notificationTemplateData = z.object({ template: notificationTemplate });

/** An empty select ("All") means no filter. */
const enumFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('')])
    .optional()
    .transform((v) => (v ? v : undefined));

/** The list's sortable columns (issue 33). */
export const NOTIFICATION_TEMPLATE_SORT_KEYS = [
  'name',
  'subject',
  'type',
  'status',
  'created_at',
] as const;

export const notificationTemplatesQuery = paginationQuery.extend({
  name: optionalText,
  subject: optionalText,
  type: enumFilter(NOTIFICATION_TYPES),
  status: enumFilter(NOTIFICATION_TEMPLATE_STATUSES),
  ...sortQuery(NOTIFICATION_TEMPLATE_SORT_KEYS),
});
export type NotificationTemplatesQuery = z.input<typeof notificationTemplatesQuery>;
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const notificationTemplatesExportQuery = notificationTemplatesQuery.omit({
  page: true,
  limit: true,
});
/** The notification templates export's header row: the list's columns, with the id. */
export const NOTIFICATION_TEMPLATE_EXPORT_COLUMNS = {
  id: 'ID',
  name: 'Template Name',
  subject: 'Subject',
  type: 'Type',
  status: 'Status',
  created_at: 'Created At',
} as const;

/** The send form's template picker. */
export const templateNamesQuery = paginationQuery.extend({
  search: optionalText,
  template_id: idValue().optional(),
});
export type TemplateNamesQuery = z.input<typeof templateNamesQuery>;

/** Spec §3 "User option (recipient picker)". */
export const recipientOption = z.object({
  id: z.number().int(),
  details: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }),
  phone_number: z.string(),
  email: z.string(),
});
export type RecipientOption = z.infer<typeof recipientOption>;
export const recipientsQuery = paginationQuery.extend({
  limit: paginationQuery.shape.limit.unwrap().default(RECIPIENT_PICKER_PAGE_SIZE),
  search: optionalText,
  /** Which audience to count and list: all users, the active (verified) ones, or a saved audience. */
  recipient_type: enumFilter(['all', 'active', 'audience'] as const),
  audience_id: idValue(NOTIFICATION_MESSAGES.audienceRequired).optional().meta({
    description:
      'With recipient_type audience: the saved audience whose members are listed (a 400 when it does not exist)',
  }),
});
export type RecipientsQuery = z.input<typeof recipientsQuery>;

/**
 * The scheduled time's problem, or null (spec §5 "Send notification"): required, a year of
 * exactly 4 digits, in the future. Takes the form's `YYYY-MM-DDTHH:mm` or an ISO string.
 */
export function scheduledAtProblem(value: string | null | undefined, now = Date.now()) {
  if (!value) return NOTIFICATION_MESSAGES.scheduledRequired;
  if (!/^\d{4}-/.test(value)) return NOTIFICATION_MESSAGES.scheduledYear;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return NOTIFICATION_MESSAGES.scheduledRequired;
  if (at <= now) return NOTIFICATION_MESSAGES.scheduledFuture;
  return null;
}

/** Who and when, the same for every send: the recipients and the schedule. */
const audienceFields = {
  recipient_type: z.enum(RECIPIENT_TYPES).default('all'),
  recipient_ids: z
    .array(idValue())
    .default([])
    .meta({
      description: `With recipient_type specific: 1 to ${MAX_SPECIFIC_RECIPIENTS} ids of existing users; ignored otherwise`,
    }),
  // A form's select sends '' while no audience is chosen.
  audience_id: z
    .preprocess(
      (v) => (v === '' ? null : v),
      idValue(NOTIFICATION_MESSAGES.audienceRequired).nullish(),
    )
    .transform((v) => v ?? null)
    .meta({
      description:
        'With recipient_type audience: a saved audience (GET /api/audiences), whose members are decided when the send goes; ignored otherwise',
    }),
  send_immediately: z.boolean().default(true),
  scheduled_at: z.string().nullable().optional().meta({
    description:
      'Required when send_immediately is false: a future time, as YYYY-MM-DDTHH:mm or ISO 8601',
  }),
  respect_quiet_hours: z.boolean({ error: QUIET_HOURS_TEXTS.respectInvalid }).default(true).meta({
    description:
      "Hold each delivery due inside the recipient's local quiet hours until they end (GET /api/messaging/settings); account messages are never held",
  }),
};

function audienceRules(
  v: {
    recipient_type: RecipientType;
    recipient_ids: number[];
    audience_id: number | null;
    send_immediately: boolean;
    scheduled_at?: string | null;
  },
  ctx: z.RefinementCtx,
  now?: () => number,
) {
  if (v.recipient_type === 'specific') {
    if (v.recipient_ids.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['recipient_ids'],
        message: NOTIFICATION_MESSAGES.recipientsRequired,
      });
    if (v.recipient_ids.length > MAX_SPECIFIC_RECIPIENTS)
      ctx.addIssue({
        code: 'custom',
        path: ['recipient_ids'],
        message: NOTIFICATION_MESSAGES.tooManyRecipients,
      });
  }
  if (v.recipient_type === 'audience' && v.audience_id === null)
    ctx.addIssue({
      code: 'custom',
      path: ['audience_id'],
      message: NOTIFICATION_MESSAGES.audienceRequired,
    });
  if (!v.send_immediately) {
    const problem = scheduledAtProblem(v.scheduled_at, now?.());
    if (problem) ctx.addIssue({ code: 'custom', path: ['scheduled_at'], message: problem });
  }
}

const audienceValues = <
  V extends {
    recipient_type: RecipientType;
    recipient_ids: number[];
    audience_id: number | null;
    send_immediately: boolean;
    scheduled_at?: string | null;
  },
>(
  v: V,
) => ({
  ...v,
  recipient_ids: v.recipient_type === 'specific' ? [...new Set(v.recipient_ids)] : [],
  audience_id: v.recipient_type === 'audience' ? v.audience_id : null,
  scheduled_at: v.send_immediately ? null : new Date(v.scheduled_at!).toISOString(),
});

/**
 * Spec §5 "Send notification". `type` is the chosen template's channel (the subject rule
 * depends on it): the form passes the picked template's, the API the stored one's.
 */
export function sendNotificationSchema(type: NotificationType | null, now?: () => number) {
  return z
    .object({
      template_id: idValue(NOTIFICATION_MESSAGES.templateRequired).meta({
        description: 'An existing notification template; its channel decides the subject rule',
      }),
      ...audienceFields,
      subject: subjectText,
      message: messageText,
      /** The form's copy of the chosen template's channel; the API uses the stored one. */
      channel: z.enum(NOTIFICATION_TYPES).optional(),
    })
    .superRefine((v, ctx) => {
      const channel = type ?? v.channel ?? null;
      audienceRules(v, ctx, now);
      if (channel && hasSubject(channel)) {
        if (!v.subject)
          ctx.addIssue({
            code: 'custom',
            path: ['subject'],
            message: NOTIFICATION_MESSAGES.sendSubjectRequired,
          });
        variableRule(v.subject, ctx, 'subject');
      }
      variableRule(v.message, ctx, 'message');
    })
    .transform(({ channel: _, ...v }) => ({
      ...audienceValues(v),
      subject: type && !hasSubject(type) ? null : v.subject,
    }));
}
/** The request body as the API first reads it; the subject rule runs once the template is known. */
export const sendNotificationInput = sendNotificationSchema(null);
export type SendNotificationInput = z.input<typeof sendNotificationInput>;
export type SendNotificationValues = z.output<typeof sendNotificationInput>;

/** The longest text WhatsApp takes for one variable of a template's body. */
export const WA_SEND_VALUE_MAX = 1024;

export const WA_SEND_MESSAGES = {
  templateNotFound: 'WhatsApp template not found',
  notConnected:
    'WhatsApp is not connected on this server: set WHATSAPP_ACCESS_TOKEN, WHATSAPP_WABA_ID and WHATSAPP_PHONE_NUMBER_ID',
  notApproved: (status: string) =>
    `Only a template Meta has approved can be sent; this one is ${statusLabel(status).toLowerCase()}`,
  variableRequired: (name: string) => `Choose a user field or type the text for {{${name}}}`,
  variableUnknown: (name: string) => `The template has no variable {{${name}}}`,
  /** Meta refuses a parameter with a line break, a tab or more than 4 spaces in a row. */
  variableOneLine: 'Keep the value on one line, without tabs or more than 4 spaces in a row',
  variableMax: `A value must not exceed ${WA_SEND_VALUE_MAX} characters`,
} as const;

/** The WhatsApp send form's words. */
export const WA_SEND_TEXTS = {
  title: 'Send WhatsApp Template',
  action: 'Send',
  variables: 'Variables',
  variablesHint:
    "Each variable is filled from the recipient's details or with the same text for everyone.",
  noVariables: 'This template has no variables: everyone receives the same message.',
  fixedText: 'Fixed text',
  valueFor: (name: string) => `Text for {{${name}}}`,
  sourceFor: (name: string) => `Value of {{${name}}}`,
  previewFor: (who: string) => `Preview for ${who}`,
  previewSample: 'Preview with sample values (no recipient chosen yet)',
  notApprovedYet: 'Only a template Meta has approved can be sent.',
  loadFailed: 'Failed to load the WhatsApp template',
  sendFailed: 'Failed to send the WhatsApp template',
} as const;

/** The user fields a WhatsApp variable can take its value from, as the form names them. */
export const WA_SEND_FIELDS: Record<TemplateVariable, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone_number: 'Phone number',
};

export const WA_SEND_SUCCESS = {
  sending: (n: number) =>
    `Sending the WhatsApp template to ${n.toLocaleString('en-US')} ${n === 1 ? 'recipient' : 'recipients'}`,
} as const;

/**
 * Each of a WhatsApp template's variables gets a value: a user field (`{{first_name}}`, filled
 * per recipient) or fixed text. The problems by variable, for the form and for the API.
 * `fields`: what a value may be filled from (an availability ask adds each player's links).
 */
export function waSendVariableProblems(
  templateVariables: readonly string[],
  variables: Readonly<Record<string, string | null | undefined>>,
  fields: readonly string[] = TEMPLATE_VARIABLES,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const name of templateVariables) {
    const value = variables[name]?.trim() ?? '';
    const problem = !value
      ? WA_SEND_MESSAGES.variableRequired(name)
      : value.length > WA_SEND_VALUE_MAX
        ? WA_SEND_MESSAGES.variableMax
        : /[\n\t]| {5,}/.test(value)
          ? WA_SEND_MESSAGES.variableOneLine
          : templateVariableProblem(value, fields);
    if (problem) problems[name] = problem;
  }
  for (const name of Object.keys(variables))
    if (!templateVariables.includes(name)) problems[name] = WA_SEND_MESSAGES.variableUnknown(name);
  return problems;
}

/** `POST /api/wa/templates/{id}/send`: who, when, and a value for each template variable. */
export function waSendSchema(now?: () => number) {
  return z
    .object({
      ...audienceFields,
      variables: z
        .record(z.string().max(100), z.string().max(WA_SEND_VALUE_MAX * 2))
        .default({})
        .meta({
          description: `Every variable of the template, by name: a user field (${TEMPLATE_VARIABLES_RULE}) filled per recipient, or fixed text; one line each`,
        }),
    })
    .superRefine((v, ctx) => audienceRules(v, ctx, now))
    .transform((v) => ({
      ...audienceValues(v),
      variables: Object.fromEntries(
        Object.entries(v.variables).map(([k, value]) => [k, value.trim()]),
      ),
    }));
}
export const waSendInput = waSendSchema();
export type WaSendInput = z.input<typeof waSendInput>;
export type WaSendValues = z.output<typeof waSendInput>;

/**
 * A send's life: scheduled (waiting for its time) → running → one honest ending. Never 'sent'
 * while any delivery failed.
 */
export const SEND_STATUSES = [
  'scheduled',
  'running',
  'sent',
  'completed_with_failures',
  'failed',
  'cancelled',
] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
/**
 * A delivery's life: queued → sending → sent, then for WhatsApp as Meta reports it: delivered
 * (on the phone) → read; or failed, skipped, cancelled. Never back from read to delivered.
 */
export const DELIVERY_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** `sent` counts every delivery that went out; `delivered` and `read` are the part of them Meta has reported reaching the phone and being read. */
export const sendCounts = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  cancelled: z.number().int(),
});
export type SendCounts = z.infer<typeof sendCounts>;

/** How a send's status reads on screen: 'Sent', 'Completed with 3 failures'. */
export function sendStatusLabel(status: SendStatus, failed: number) {
  if (status === 'completed_with_failures')
    return `Completed with ${failed} ${failed === 1 ? 'failure' : 'failures'}`;
  return statusLabel(status);
}

export const notificationSend = z.object({
  id: z.number().int(),
  template_id: z.number().int().nullable(),
  template_name: z.string(),
  channel: z.enum(SEND_CHANNELS),
  recipient_type: z.enum(RECIPIENT_TYPES),
  /** A send to a saved audience: the audience's name when the send was made. */
  audience_name: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  status: z.enum(SEND_STATUSES),
  scheduled_at: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_by: z.string().nullable(),
  counts: sendCounts,
  /** Why its queued deliveries are waiting (a WhatsApp template Meta has paused), or null. */
  held_reason: z.string().nullable(),
  /** Whether it holds deliveries due inside the recipients' quiet hours (issue 32). */
  respect_quiet_hours: z.boolean(),
  /** Queued deliveries waiting for the recipient's quiet hours to end. */
  quiet_held: z.number().int(),
  /** When the last of them is released; null when none waits. */
  quiet_held_until: z.string().nullable(),
});
export type NotificationSend = z.infer<typeof notificationSend>;
export const notificationSendsPage = pageOf(notificationSend);
/** The sends list's sortable columns (issue 33). */
export const NOTIFICATION_SEND_SORT_KEYS = ['template', 'status', 'created_at'] as const;
export const notificationSendsQuery = paginationQuery.extend({
  status: enumFilter(SEND_STATUSES),
  ...sortQuery(NOTIFICATION_SEND_SORT_KEYS),
});
export type NotificationSendsQuery = z.input<typeof notificationSendsQuery>;
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const notificationSendsExportQuery = notificationSendsQuery.omit({
  page: true,
  limit: true,
});
/** The sends export's header row: the list's columns, the counts one column each. */
export const NOTIFICATION_SEND_EXPORT_COLUMNS = {
  id: 'ID',
  template_name: 'Template',
  channel: 'Channel',
  status: 'Status',
  total: 'Deliveries',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
  scheduled_at: 'Scheduled At',
  created_at: 'Created At',
  created_by: 'Created By',
} as const;

export const notificationDelivery = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  recipient: z.string(),
  address: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  provider_message_id: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  /** WhatsApp: when Meta reported the message on the phone, and read. */
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NotificationDelivery = z.infer<typeof notificationDelivery>;
/** A send's deliveries' sortable columns (issue 33), each from an index within the send. */
export const DELIVERY_SORT_KEYS = ['recipient', 'status', 'sent_at'] as const;
export const sendDetailsQuery = paginationQuery.extend({
  status: enumFilter(DELIVERY_STATUSES),
  ...sortQuery(DELIVERY_SORT_KEYS),
  ...pageKeyQuery,
});
export type SendDetailsQuery = z.input<typeof sendDetailsQuery>;
/**
 * A send's deliveries export (issue 33): the deliveries list's filters and sort, without its
 * page.
 */
export const deliveriesExportQuery = sendDetailsQuery.omit({
  page: true,
  limit: true,
  page_key: true,
});
/** The deliveries export's header row: the list's columns; an address, never a token. */
export const DELIVERY_EXPORT_COLUMNS = {
  id: 'ID',
  recipient: 'Recipient',
  address: 'Address',
  status: 'Status',
  attempts: 'Attempts',
  last_error: 'Last error',
  provider_message_id: 'Provider id',
  sent_at: 'Sent At',
  updated_at: 'Updated',
} as const;
export const sendDetails = z.object({
  send: notificationSend,
  deliveries: pageOf(notificationDelivery),
});
export type SendDetails = z.infer<typeof sendDetails>;
export const sendCreated = z.object({ send: notificationSend });

/**
 * The dry run of a send (POST /notifications/send/preview, /wa/templates/{id}/send/preview):
 * what the same body would do now, recording nothing (issue 32, decision 053).
 */
export const sendPreview = z.object({
  /** Deliveries that would be queued, held ones included. */
  will_receive: z.number().int(),
  /** The skipped ones by reason, the reasons their deliveries would carry, most first. */
  skipped: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** Of will_receive, how many would wait for the recipient's quiet hours to end. */
  held: z.number().int(),
  /** When the last held one would go; null when none is held. */
  held_until: z.string().nullable(),
  /** How long will_receive takes at the channel's rate. */
  estimated_seconds: z.number().int(),
});
export type SendPreview = z.infer<typeof sendPreview>;

/** The words each skipped reason is counted under in the dry-run line. */
const SKIP_KINDS = ['unsubscribed', 'suppressed', 'opted out'] as const;
const skipKind = (reason: string) => SKIP_KINDS.find((k) => reason.includes(k)) ?? 'no address';

/**
 * The send form's dry-run line: '1,204 will receive · 31 unsubscribed · 4 suppressed · 212
 * held until 08:00 local', the held part only when some are held.
 */
export function dryRunLine(p: SendPreview) {
  const n = (x: number) => x.toLocaleString('en-US');
  const kinds = new Map<string, number>();
  for (const s of p.skipped) {
    const kind = skipKind(s.reason);
    kinds.set(kind, (kinds.get(kind) ?? 0) + s.count);
  }
  const until = p.held_until
    ? ` until ${new Date(p.held_until).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })} local`
    : '';
  return [
    `${n(p.will_receive)} will receive`,
    ...[...kinds].map(([kind, count]) => `${n(count)} ${kind}`),
    ...(p.held > 0 ? [`${n(p.held)} held${until}`] : []),
  ].join(' · ');
}

export const SEND_PREVIEW_MESSAGES = {
  label: 'Dry run',
  pending: 'Counting recipients…',
  failed: 'The dry run is unavailable; the send still checks everyone.',
  previewed: 'Dry run counted',
} as const;

/** Which channels this server can deliver: the send form offers only those (issue 30). */
export const notificationChannels = z.object({
  channels: z.array(
    z.object({
      type: z.enum(NOTIFICATION_TYPES),
      available: z.boolean(),
      /** Why the channel cannot be chosen, or null when it can. */
      reason: z.string().nullable(),
    }),
  ),
});
export type NotificationChannels = z.infer<typeof notificationChannels>;

/** Every skipped delivery of a user not subscribed to the send's topic starts with this. */
export const UNSUBSCRIBED_PREFIX = 'skipped: unsubscribed from ';

/** Reasons a delivery did not go out, as recorded on it. */
export const DELIVERY_REASONS = {
  noTransport: 'skipped: no transport configured',
  noAddress: (type: SendChannel) =>
    `skipped: no ${type === 'email' ? 'email address' : 'phone number'} for this user`,
  /** WhatsApp needs the number with its country code; see whatsapp_number() in the migration. */
  notInternational: 'skipped: the phone number cannot be written in international form',
  optedOut: 'skipped: opted out of WhatsApp',
  /** Not subscribed to the send's topic on its channel (issue 32); account messages never are. */
  unsubscribedFrom: (topic: string) => `${UNSUBSCRIBED_PREFIX}${topic}`,
  /** Meta refuses an empty parameter: a recipient without the mapped field is not sent to. */
  noValue: (variable: string) => `skipped: nothing to fill {{${variable}}} with for this user`,
  cancelled: 'cancelled before sending',
  /** A send's queued deliveries wait while Meta has its template paused. */
  templatePaused:
    'Held: Meta has paused this WhatsApp template because of low quality; its messages wait until Meta reinstates it',
} as const;

/** Where a person's consent to a channel came from (issue 32 builds the rest of the model). */
export const CONSENT_SOURCES = [
  'admin',
  'preference_page',
  'one_click',
  'inbound_stop',
  'import',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
/**
 * An inbound text (WhatsApp, SMS) that opts its sender out of that channel: STOP or UNSUBSCRIBE,
 * any case, trimmed.
 */
export const isStopMessage = (text: string) => /^(stop|unsubscribe)$/i.test(text.trim());

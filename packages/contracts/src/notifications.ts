import { z } from 'zod';
import { statusLabel } from './labels.ts';
import {
  idValue,
  LINE_TEXT_RULE,
  lineText,
  nameText,
  optionalText,
  pageOf,
  paginationQuery,
} from './common.ts';
import { TEMPLATE_VARIABLES_RULE, templateVariableProblem } from './template-variables.ts';

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
export const NOTIFICATION_TEMPLATE_STATUSES = ['active', 'inactive', 'draft'] as const;
export type NotificationTemplateStatus = (typeof NOTIFICATION_TEMPLATE_STATUSES)[number];
export const RECIPIENT_TYPES = ['all', 'active', 'specific'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];
/** Who a send goes to, as the send form, its preview and the send's page say it. */
export const RECIPIENT_TYPE_LABELS: Record<RecipientType, string> = {
  all: 'All users',
  active: 'Active users',
  specific: 'Specific users',
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
  sendSubjectRequired: 'Subject is required',
  scheduledRequired: 'Please select a scheduled time',
  scheduledYear: 'Year must be exactly 4 digits (YYYY)',
  scheduledFuture: 'Scheduled time must be in the future',
  noRecipients: 'There are no users to send this notification to',
  noTransport: (type: NotificationType) =>
    `${NOTIFICATION_TYPE_LABELS[type]} notifications are not configured on this server`,
  /** Asked before a send to many (more than CONFIRM_SEND_ABOVE) or to a whole audience. */
  confirmSend: (type: NotificationType, count: number, audience: RecipientType) => {
    const n = count.toLocaleString('en-US');
    const users = count === 1 ? 'user' : 'users';
    const whom =
      audience === 'all'
        ? `all ${n} ${users}`
        : audience === 'active'
          ? `${n} active ${users}`
          : `${n} ${users}`;
    return `Send this ${NOTIFICATION_TYPE_NOUNS[type]} to ${whom}?`;
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

export const notificationTemplatesQuery = paginationQuery.extend({
  name: optionalText,
  subject: optionalText,
  type: enumFilter(NOTIFICATION_TYPES),
  status: enumFilter(NOTIFICATION_TEMPLATE_STATUSES),
});
export type NotificationTemplatesQuery = z.input<typeof notificationTemplatesQuery>;

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
  /** Which audience to count and list: all users, or the active (verified) ones. */
  recipient_type: enumFilter(['all', 'active'] as const),
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
      recipient_type: z.enum(RECIPIENT_TYPES).default('all'),
      recipient_ids: z
        .array(idValue())
        .default([])
        .meta({
          description: `With recipient_type specific: 1 to ${MAX_SPECIFIC_RECIPIENTS} ids of existing users; ignored otherwise`,
        }),
      subject: subjectText,
      message: messageText,
      send_immediately: z.boolean().default(true),
      scheduled_at: z.string().nullable().optional().meta({
        description:
          'Required when send_immediately is false: a future time, as YYYY-MM-DDTHH:mm or ISO 8601',
      }),
      /** The form's copy of the chosen template's channel; the API uses the stored one. */
      channel: z.enum(NOTIFICATION_TYPES).optional(),
    })
    .superRefine((v, ctx) => {
      const channel = type ?? v.channel ?? null;
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
      if (!v.send_immediately) {
        const problem = scheduledAtProblem(v.scheduled_at, now?.());
        if (problem) ctx.addIssue({ code: 'custom', path: ['scheduled_at'], message: problem });
      }
    })
    .transform(({ channel: _, ...v }) => ({
      ...v,
      subject: type && !hasSubject(type) ? null : v.subject,
      recipient_ids: v.recipient_type === 'specific' ? [...new Set(v.recipient_ids)] : [],
      scheduled_at: v.send_immediately ? null : new Date(v.scheduled_at!).toISOString(),
    }));
}
/** The request body as the API first reads it; the subject rule runs once the template is known. */
export const sendNotificationInput = sendNotificationSchema(null);
export type SendNotificationInput = z.input<typeof sendNotificationInput>;
export type SendNotificationValues = z.output<typeof sendNotificationInput>;

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
export const DELIVERY_STATUSES = [
  'queued',
  'sending',
  'sent',
  'failed',
  'skipped',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const sendCounts = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
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
  channel: z.enum(NOTIFICATION_TYPES),
  recipient_type: z.enum(RECIPIENT_TYPES),
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
});
export type NotificationSend = z.infer<typeof notificationSend>;
export const notificationSendsPage = pageOf(notificationSend);
export const notificationSendsQuery = paginationQuery.extend({
  status: enumFilter(SEND_STATUSES),
});
export type NotificationSendsQuery = z.input<typeof notificationSendsQuery>;

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
  created_at: z.string(),
  updated_at: z.string(),
});
export type NotificationDelivery = z.infer<typeof notificationDelivery>;
export const sendDetailsQuery = paginationQuery.extend({
  status: enumFilter(DELIVERY_STATUSES),
});
export type SendDetailsQuery = z.input<typeof sendDetailsQuery>;
export const sendDetails = z.object({
  send: notificationSend,
  deliveries: pageOf(notificationDelivery),
});
export type SendDetails = z.infer<typeof sendDetails>;
export const sendCreated = z.object({ send: notificationSend });

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

/** Reasons a delivery did not go out, as recorded on it. */
export const DELIVERY_REASONS = {
  noTransport: 'skipped: no transport configured',
  noAddress: (type: NotificationType) =>
    `skipped: no ${type === 'email' ? 'email address' : 'phone number'} for this user`,
  cancelled: 'cancelled before sending',
} as const;

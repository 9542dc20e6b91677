import { z } from 'zod';
import { idValue, optionalText, pagination, paginationQuery, sortQuery } from './common.ts';
import { SEND_CHANNELS, type SendChannel } from './notifications.ts';

/**
 * Issue 32 "Suppression": an address no send may reach on a channel, with why. Captured at send
 * time (an SMTP 5xx, three 4xx in a week, WhatsApp 131026), from a mail provider's bounce and
 * complaint events, or added by an administrator; removing one keeps it as history.
 */
export const SUPPRESSION_CHANNELS = SEND_CHANNELS;
export const SUPPRESSION_REASONS = [
  'hard_bounce',
  'soft_bounces',
  'complaint',
  'unsubscribe_all',
  'whatsapp_undeliverable',
  'admin',
  'erased',
] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];
export const SUPPRESSION_STATES = ['active', 'removed'] as const;
export type SuppressionState = (typeof SUPPRESSION_STATES)[number];

/** Soft bounces (SMTP 4xx, or a provider's soft bounce event) that suppress, and in how long. */
export const SOFT_BOUNCE_LIMIT = 3;
export const SOFT_BOUNCE_WINDOW_DAYS = 7;

/** How each reason reads in a skipped delivery's reason and on the screen. */
export const SUPPRESSION_REASON_WORDS: Record<SuppressionReason, string> = {
  hard_bounce: 'hard bounce',
  soft_bounces: `${SOFT_BOUNCE_LIMIT} soft bounces in ${SOFT_BOUNCE_WINDOW_DAYS} days`,
  complaint: 'complaint',
  unsubscribe_all: 'unsubscribed from all',
  whatsapp_undeliverable: 'WhatsApp undeliverable',
  admin: 'added by an administrator',
  erased: 'personal data erased',
};

/** Every skipped delivery of a suppressed address starts with this (the dry run counts them). */
export const SUPPRESSED_PREFIX = 'skipped: suppressed';

export const SUPPRESSION_ADDRESS_MAX = 254;
export const SUPPRESSION_NOTE_MAX = 500;

export const SUPPRESSION_MESSAGES = {
  channel: 'Please choose a valid channel',
  reason: 'Please choose a valid reason',
  state: 'Please choose active or removed',
  addressRequired: 'Address is required',
  addressMax: `Address must not exceed ${SUPPRESSION_ADDRESS_MAX} characters`,
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a phone number with its country code, e.g. +14155550123',
  noteRequired: 'Please say why',
  noteMax: `The reason must not exceed ${SUPPRESSION_NOTE_MAX} characters`,
  alreadySuppressed: 'This address is already suppressed on this channel',
  notFound: 'Suppressed address not found',
  alreadyRemoved: 'This address was already removed from the suppression list',
  fetchFailed: 'Error fetching suppressed addresses',
  empty: 'No suppressed addresses found',
  addFailed: 'Failed to suppress the address',
  removeFailed: 'Failed to remove the address from the suppression list',
} as const;

export const SUPPRESSION_SUCCESS = {
  listed: 'Suppressed addresses retrieved successfully',
  added: 'Address suppressed',
  removed: 'Address removed from the suppression list',
  eventApplied: 'Event applied',
  eventRepeated: 'Event received before: nothing changed',
} as const;

const filterEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .enum(['', ...values] as unknown as readonly ['', ...T], { error: message })
    .optional()
    .transform((v) => (v === '' ? undefined : (v as T[number] | undefined)));

/** The suppressions list's sortable columns (issue 33); `state`: active ones first ascending. */
export const SUPPRESSION_SORT_KEYS = [
  'address',
  'channel',
  'reason',
  'state',
  'created_at',
] as const;

/** `GET /api/messaging/suppressions`: newest first. */
export const suppressionsQuery = paginationQuery.extend({
  channel: filterEnum(SUPPRESSION_CHANNELS, SUPPRESSION_MESSAGES.channel),
  /** Part of the address, any case. */
  address: optionalText.pipe(z.string().max(SUPPRESSION_ADDRESS_MAX).optional()),
  reason: filterEnum(SUPPRESSION_REASONS, SUPPRESSION_MESSAGES.reason),
  state: filterEnum(SUPPRESSION_STATES, SUPPRESSION_MESSAGES.state),
  ...sortQuery(SUPPRESSION_SORT_KEYS),
});
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const suppressionsExportQuery = suppressionsQuery.omit({ page: true, limit: true });
/** The suppressions export's header row: the list's columns and the history of each entry. */
export const SUPPRESSION_EXPORT_COLUMNS = {
  id: 'ID',
  address: 'Address',
  channel: 'Channel',
  reason: 'Reason',
  detail: 'Detail',
  active: 'Active',
  created_at: 'Since',
  created_by: 'Added By',
  removed_at: 'Removed At',
  removed_by: 'Removed By',
  removal_reason: 'Removal reason',
} as const;
/** The list's page and filters, as the API reads them and the screen asks for them. */
export type SuppressionsFilter = z.output<typeof suppressionsQuery>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** E.164: how SMS and WhatsApp numbers are suppressed (whatsapp_number() writes the same form). */
const E164 = /^\+[1-9][0-9]{7,14}$/;

/**
 * An address as the channel sends to it: an email lower-cased, a phone number without spaces,
 * dots, dashes or brackets, `00` turned into `+`. Push is addressed by user (`user:<id>`).
 */
export function normalizeAddress(channel: SendChannel, address: string): string {
  const a = address.trim();
  if (channel === 'email') return a.toLowerCase();
  if (channel === 'push') return a;
  const p = a.replace(/[\s().-]/g, '');
  return p.startsWith('00') ? `+${p.slice(2)}` : p;
}

const note = z
  .string({ error: SUPPRESSION_MESSAGES.noteRequired })
  .trim()
  .min(1, SUPPRESSION_MESSAGES.noteRequired)
  .max(SUPPRESSION_NOTE_MAX, SUPPRESSION_MESSAGES.noteMax);

/** `POST /api/messaging/suppressions`: an administrator suppresses an address. */
export const suppressionInput = z
  .object({
    channel: z.enum(SUPPRESSION_CHANNELS, { error: SUPPRESSION_MESSAGES.channel }),
    address: z
      .string({ error: SUPPRESSION_MESSAGES.addressRequired })
      .trim()
      .min(1, SUPPRESSION_MESSAGES.addressRequired)
      .max(SUPPRESSION_ADDRESS_MAX, SUPPRESSION_MESSAGES.addressMax)
      .meta({
        description:
          'Email: an email address, stored lower-cased. SMS and WhatsApp: a phone number with its country code (+14155550123); spaces, dots, dashes and brackets are dropped and a leading 00 becomes +. Push: user:<id>.',
      }),
    reason: note,
  })
  .superRefine((v, ctx) => {
    const a = normalizeAddress(v.channel, v.address);
    if (v.channel === 'email' && !EMAIL.test(a))
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: SUPPRESSION_MESSAGES.emailInvalid,
      });
    if ((v.channel === 'sms' || v.channel === 'whatsapp') && !E164.test(a))
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: SUPPRESSION_MESSAGES.phoneInvalid,
      });
  })
  .transform((v) => ({ ...v, address: normalizeAddress(v.channel, v.address) }));
export type SuppressionInput = z.input<typeof suppressionInput>;
export type SuppressionValues = z.output<typeof suppressionInput>;

/** `DELETE /api/messaging/suppressions/{id}`: the administrator's reason is required. */
export const suppressionRemoveInput = z.object({ reason: note });
export type SuppressionRemoveInput = z.input<typeof suppressionRemoveInput>;

export const suppressionParams = z.object({ id: idValue() });

export const suppression = z.object({
  id: z.number().int(),
  channel: z.enum(SUPPRESSION_CHANNELS),
  address: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  detail: z.string().nullable(),
  source_message_id: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  removed_at: z.string().nullable(),
  removed_by: z.string().nullable(),
  removal_reason: z.string().nullable(),
});
export type Suppression = z.infer<typeof suppression>;

export const suppressionsPage = z.object({ suppressions: z.array(suppression), pagination });
export type SuppressionsPage = z.infer<typeof suppressionsPage>;

/**
 * `POST /api/webhooks/email-events`: a mail provider's bounce or complaint, in this product's
 * shape (a small adapter turns any provider's into it). A soft bounce counts toward the
 * soft-bounce rule; a hard bounce or a complaint suppresses at once. `message_id` makes a
 * repeat of the same event change nothing.
 */
export const emailEventInput = z
  .object({
    type: z.enum(['bounce', 'complaint']),
    email: z.string().trim().max(SUPPRESSION_ADDRESS_MAX).regex(EMAIL),
    bounce_type: z.enum(['hard', 'soft']).optional(),
    message_id: z.string().trim().min(1).max(998),
    reason: z.string().trim().max(1000).optional(),
  })
  .refine((v) => v.type !== 'bounce' || v.bounce_type !== undefined, {
    path: ['bounce_type'],
    message: 'A bounce needs bounce_type: hard or soft',
  });
export type EmailEventValues = z.output<typeof emailEventInput>;

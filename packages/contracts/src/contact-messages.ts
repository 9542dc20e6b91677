import { z } from 'zod';
import { emailAddress } from './email.ts';
import {
  idValue,
  lineText,
  nameText,
  optionalText,
  pageOf,
  paginationQuery,
  sortQuery,
} from './common.ts';

/** Spec §3 "Contact message". */
export const CONTACT_STATUSES = ['unread', 'read'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_PRIORITIES = ['low', 'medium', 'high'] as const;
export type ContactPriority = (typeof CONTACT_PRIORITIES)[number];
/** A reply is `sending` only while its SMTP conversation runs; it never shows as sent before. */
export const CONTACT_REPLY_STATUSES = ['sending', 'sent', 'failed'] as const;
export type ContactReplyStatus = (typeof CONTACT_REPLY_STATUSES)[number];

/** The public form's request body is refused above this size (bytes), before it is parsed. */
export const CONTACT_BODY_LIMIT = 16 * 1024;
export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_COMPANY_MAX = 100;
export const CONTACT_PHONE_MAX = 20;
export const CONTACT_MESSAGE_MIN = 10;
/** Messages one address may send per window before it is answered 429. */
export const CONTACT_RATE_POINTS = 5;
export const CONTACT_RATE_WINDOW_SECONDS = 60 * 60;
/**
 * The honeypot: a field the website hides from people. Bots fill every field; a message that
 * fills this one is answered like any other and dropped.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: `Name must not exceed ${CONTACT_NAME_MAX} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Subject is required',
  subjectMax: `Subject must not exceed ${CONTACT_SUBJECT_MAX} characters`,
  messageRequired: 'Message is required',
  messageMin: `Message must be at least ${CONTACT_MESSAGE_MIN} characters`,
  messageMax: `Message must not exceed ${CONTACT_MESSAGE_MAX} characters`,
  phoneInvalid: 'Please enter a valid phone number',
  companyMax: `Company must not exceed ${CONTACT_COMPANY_MAX} characters`,
  invalidPriority: 'Priority must be low, medium or high',
  tooLarge: `The message is too large: at most ${CONTACT_BODY_LIMIT / 1024} KB`,
  rateLimited: 'Too many messages from this address. Please try again later.',
  notFound: 'Contact message not found',
  replyNotFound: 'Reply not found',
  replyNotFailed: 'Only a failed reply can be sent again',
  /** A reply left 'sending' by a server that stopped before the mail server answered. */
  replyInterrupted:
    'Sending was interrupted before the mail server answered; this reply may not have gone out. Retry sends it again.',
  /** Spec §8 "Messages". */
  replyFailed: 'Error sending reply',
  deleteFailed: 'Error deleting message',
  fetchFailed: 'Error fetching contact messages',
  invalidReply: 'Please fix the validation errors before sending',
  /** A reply's stored reason when the server has no SMTP_URL. */
  noTransport: 'no transport configured',
  /** Empty state of the list. */
  empty: 'No contact messages found',
} as const;

export const CONTACT_SUCCESS = {
  received: 'Thank you for your message. We will get back to you soon.',
  listed: 'Contact messages fetched successfully',
  fetched: 'Contact message fetched successfully',
  replySent: (name: string) => `Reply sent to ${name} successfully!`,
  deleted: (name: string) => `Message from ${name} deleted successfully!`,
} as const;

const URGENT =
  /\b(urgent|asap|emergency|immediately|refund|payment|charged|locked out|cannot log ?in|can't log ?in|hacked)\b/i;
const LOW = /\b(feedback|suggestion|idea|newsletter|just wanted|thank you|thanks)\b/i;

/**
 * The priority of a message whose sender gave none (decision 026): high when the subject or
 * text speaks of money, access or urgency; low when it is feedback or thanks; else medium.
 */
export function derivePriority(subject: string, message: string): ContactPriority {
  const text = `${subject}\n${message}`;
  if (URGENT.test(text)) return 'high';
  if (LOW.test(text)) return 'low';
  return 'medium';
}

const requiredText = (required: string, max: number, maxMessage: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, maxMessage);

/** `POST /api/contact`: what the platform's website sends. */
export const contactInput = z.object({
  name: nameText('Name', CONTACT_MESSAGES.nameRequired)
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_NAME_MAX, CONTACT_MESSAGES.nameMax),
  email: z
    .string({ error: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: CONTACT_MESSAGES.emailRequired, abort: true })
    .max(254, { error: CONTACT_MESSAGES.emailInvalid, abort: true })
    .check(emailAddress(CONTACT_MESSAGES.emailInvalid))
    .transform((v) => v.toLowerCase()),
  subject: lineText(CONTACT_MESSAGES.subjectRequired)
    .min(1, CONTACT_MESSAGES.subjectRequired)
    .max(CONTACT_SUBJECT_MAX, CONTACT_MESSAGES.subjectMax),
  message: requiredText(
    CONTACT_MESSAGES.messageRequired,
    CONTACT_MESSAGE_MAX,
    CONTACT_MESSAGES.messageMax,
  ).min(CONTACT_MESSAGE_MIN, CONTACT_MESSAGES.messageMin),
  // Optional: empty means none.
  phone_number: z
    .string()
    .trim()
    .regex(/^(?:\+?[0-9][0-9 ()-]{5,18})?$/, CONTACT_MESSAGES.phoneInvalid)
    .transform((v) => v || undefined)
    .optional(),
  company: z
    .string()
    .trim()
    .max(CONTACT_COMPANY_MAX, CONTACT_MESSAGES.companyMax)
    .transform((v) => v || undefined)
    .optional(),
  priority: z.enum(CONTACT_PRIORITIES, { error: CONTACT_MESSAGES.invalidPriority }).optional(),
  [CONTACT_HONEYPOT_FIELD]: z.string().optional(),
});
export type ContactInput = z.input<typeof contactInput>;
export type ContactValues = z.output<typeof contactInput>;

const statusFilter = z
  .enum([...CONTACT_STATUSES, ''])
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** The list's sortable columns (issue 33). */
export const CONTACT_MESSAGE_SORT_KEYS = [
  'name',
  'email',
  'subject',
  'status',
  'priority',
  'created_at',
] as const;

export const contactMessagesQuery = paginationQuery.extend({
  name: optionalText,
  email: optionalText,
  subject: optionalText,
  status: statusFilter,
  ...sortQuery(CONTACT_MESSAGE_SORT_KEYS),
});
export type ContactMessagesQuery = z.input<typeof contactMessagesQuery>;
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const contactMessagesExportQuery = contactMessagesQuery.omit({ page: true, limit: true });
/** The contact messages export's header row: the list's columns and the message itself. */
export const CONTACT_MESSAGE_EXPORT_COLUMNS = {
  id: 'ID',
  name: 'Name',
  email: 'Email',
  phone_number: 'Phone',
  company: 'Company',
  subject: 'Subject',
  message: 'Message',
  status: 'Status',
  priority: 'Priority',
  created_at: 'Created At',
} as const;

export const contactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  priority: z.enum(CONTACT_PRIORITIES),
  created_at: z.string(),
  phone_number: z.string().nullable(),
  company: z.string().nullable(),
  replies_count: z.number().int(),
});
export type ContactMessage = z.infer<typeof contactMessage>;

/** The header's counts (spec §2 "Contact Messages"): maintained, not counted per view. */
export const contactCounts = z.object({ total: z.number().int(), unread: z.number().int() });
export type ContactCounts = z.infer<typeof contactCounts>;

export const contactMessagesPage = pageOf(contactMessage).extend({ counts: contactCounts });

export const contactReply = z.object({
  id: z.number().int(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_REPLY_STATUSES),
  failure_reason: z.string().nullable(),
  sent_by: z.object({ id: z.number().int().nullable(), name: z.string() }),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type ContactReply = z.infer<typeof contactReply>;

export const contactThread = z.object({
  message: contactMessage,
  replies: z.array(contactReply),
});
export type ContactThread = z.infer<typeof contactThread>;

/** Spec §5 "Reply". */
export const contactReplyInput = z.object({
  subject: lineText(CONTACT_MESSAGES.subjectRequired)
    .min(1, CONTACT_MESSAGES.subjectRequired)
    .max(CONTACT_SUBJECT_MAX + 4, CONTACT_MESSAGES.subjectMax),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .min(CONTACT_MESSAGE_MIN, 'Message must be at least 10 characters')
    .max(CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.messageMax),
});
export type ContactReplyInput = z.input<typeof contactReplyInput>;
export type ContactReplyValues = z.output<typeof contactReplyInput>;

/** The reply form's subject: "Re: " once, however often the thread goes back and forth. */
export const replySubject = (subject: string) =>
  /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;

export const contactReplyParams = z.object({
  id: idValue(),
  replyId: idValue(),
});

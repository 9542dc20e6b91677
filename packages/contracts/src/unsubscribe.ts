import { z } from 'zod';
import { idValue } from './common.ts';
import { CONSENT_REASON_MAX, PREFERENCE_MESSAGES } from './messaging.ts';
import { SEND_CHANNELS } from './notifications.ts';

/**
 * Issue 32 "Unsubscribe": the link every topic message carries (decision 052). Its token names
 * the person, the topic (or every topic) and the channel, signed by the server; it never
 * expires. No sign-in: whoever holds the link manages that person's subscriptions.
 */

/** A token is 34 characters; anything longer is refused before it is read. */
export const UNSUBSCRIBE_TOKEN_MAX = 64;
/** The public routes' requests one client address may make per window (decision 052). */
export const UNSUBSCRIBE_RATE_POINTS = 120;
export const UNSUBSCRIBE_RATE_WINDOW_SECONDS = 60;
/** How many topic × channel changes one save of the preference page may carry. */
export const UNSUBSCRIBE_CHANGES_MAX = 200;

/** The web page a link opens: `{PUBLIC_URL}/u/{token}`. */
export const unsubscribePagePath = (token: string) => `/u/${token}`;

export const UNSUBSCRIBE_MESSAGES = {
  notFound: 'This unsubscribe link is not valid. Check that it was copied in full.',
  rateLimited: 'Too many requests from this address. Try again in a minute.',
  invalidForm: 'Please fix all errors before submitting',
  reasonMax: `Reason must not exceed ${CONSENT_REASON_MAX} characters`,
  tooMany: `At most ${UNSUBSCRIBE_CHANGES_MAX} changes at once`,
  topicNotFound: PREFERENCE_MESSAGES.topicNotFound,
  channel: PREFERENCE_MESSAGES.channel,
  subscribed: PREFERENCE_MESSAGES.subscribed,
  unsubscribeAllInvalid: 'Unsubscribe from all must be true or false',
  fetchFailed: 'Your preferences could not be loaded. Try again in a moment.',
  saveFailed: 'Your preferences could not be saved. Try again in a moment.',
  /** The page. */
  title: 'Email and message preferences',
  greeting: (firstName: string | null) =>
    firstName ? `Hello ${firstName}, choose what we send you.` : 'Choose what we send you.',
  intro: 'Turn off anything you no longer want. Your choices are saved when you press Save.',
  accountNote:
    'Account messages (security, password and account changes) are always sent: they are not a topic you can turn off.',
  noTopics: 'There are no topics to choose from.',
  topicColumn: 'Topic',
  subscribedLabel: (topic: string, channel: string) => `${topic} by ${channel}`,
  linkTopic: (topic: string, channel: string) =>
    `This link came with a message about ${topic} by ${channel}.`,
  linkAll: (channel: string) => `This link came with a message by ${channel}.`,
  unsubscribeAll: 'Unsubscribe from all',
  unsubscribeAllHint: 'Turns off every topic on every channel. Account messages still arrive.',
  reasonLabel: 'Why? (optional)',
  save: 'Save',
  saving: 'Saving…',
  notFoundTitle: 'Link not valid',
} as const;

export const UNSUBSCRIBE_SUCCESS = {
  oneClick: 'You have been unsubscribed.',
  redirect: 'See the preference page',
  listed: 'Preferences fetched successfully',
  saved: 'Your preferences have been saved.',
  smsInbound: 'SMS inbound message received',
} as const;

/** The footer of every topic email, with the link to the preference page. */
export const unsubscribeFooter = (url: string) =>
  `You receive this because of your subscription choices. To unsubscribe or choose what you receive: ${url}`;

export const unsubscribeTokenParams = z.object({
  token: z.string().max(UNSUBSCRIBE_TOKEN_MAX).meta({
    description: 'The signed token from the message (base64url, 34 characters)',
  }),
});

export const publicPreference = z.object({
  topic_id: z.number().int(),
  topic_name: z.string(),
  topic_description: z.string().nullable(),
  channel: z.enum(SEND_CHANNELS),
  subscribed: z.boolean(),
});
export type PublicPreference = z.infer<typeof publicPreference>;

/** `GET /api/public/preferences/{token}`: the first name only, no other personal data. */
export const publicPreferencesData = z.object({
  first_name: z.string().nullable(),
  /** What the link names: a topic (null: every topic) on a channel. */
  link: z.object({
    topic_id: z.number().int().nullable(),
    topic_name: z.string().nullable(),
    channel: z.enum(SEND_CHANNELS),
  }),
  channels: z.array(z.enum(SEND_CHANNELS)),
  /** Each active topic on each channel, as the sends read it. */
  preferences: z.array(publicPreference),
});
export type PublicPreferencesData = z.infer<typeof publicPreferencesData>;

export const publicPreferenceChange = z.object({
  topic_id: idValue(UNSUBSCRIBE_MESSAGES.topicNotFound),
  channel: z.enum(SEND_CHANNELS, { error: UNSUBSCRIBE_MESSAGES.channel }),
  subscribed: z.boolean({ error: UNSUBSCRIBE_MESSAGES.subscribed }),
});

/** `PUT /api/public/preferences/{token}`. */
export const publicPreferencesInput = z.object({
  changes: z
    .array(publicPreferenceChange)
    .max(UNSUBSCRIBE_CHANGES_MAX, UNSUBSCRIBE_MESSAGES.tooMany)
    .default([])
    .meta({ description: 'Topic × channel states to set; applied after `unsubscribe_all`' }),
  unsubscribe_all: z
    .boolean({ error: UNSUBSCRIBE_MESSAGES.unsubscribeAllInvalid })
    .default(false)
    .meta({
      description: 'Unsubscribe from every topic on every channel (account messages still arrive)',
    }),
  reason: z
    .string()
    .trim()
    .max(CONSENT_REASON_MAX, UNSUBSCRIBE_MESSAGES.reasonMax)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type PublicPreferencesInput = z.input<typeof publicPreferencesInput>;
export type PublicPreferencesValues = z.output<typeof publicPreferencesInput>;

/**
 * `POST /api/webhooks/sms-inbound`: a message someone sent to the SMS number, as the operator's
 * relay forwards it. `id` (the provider's message id), when given, makes a repeat change nothing.
 */
export const smsInboundInput = z.object({
  from: z.string().trim().min(1).max(32),
  text: z.string().max(1600),
  id: z.string().trim().min(1).max(200).optional(),
});
export type SmsInbound = z.infer<typeof smsInboundInput>;

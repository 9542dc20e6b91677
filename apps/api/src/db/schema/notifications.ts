import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  jsonb,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AudienceRule } from '@cricket/contracts';
import { audiences } from './audiences';
import { matches } from './matches';
import { messagingTopics } from './messaging';
import { users } from './users';
import { waTemplates } from './wa-templates';

/** Spec §3 "Notification template". */
export const notificationTemplates = pgTable(
  'notification_templates',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    subject: varchar({ length: 200 }),
    message: text().notNull(),
    type: varchar({ length: 10 }).notNull().default('email'),
    status: varchar({ length: 10 }).notNull().default('draft'),
    /** Its messaging topic; null for an account message (issue 32). A topic in use stays. */
    topicId: integer().references(() => messagingTopics.id, { onDelete: 'restrict' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_templates_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('notification_templates_subject_trgm').using(
      'gin',
      sql`lower(coalesce(${t.subject}, '')) gin_trgm_ops`,
    ),
    index('notification_templates_type_id_idx').on(t.type, t.id),
    index('notification_templates_status_id_idx').on(t.status, t.id),
  ],
);

/**
 * One request to send: who asked, what, to whom, when, and the subject and message exactly as
 * sent (a template edited later does not rewrite history).
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    templateId: integer().references(() => notificationTemplates.id, { onDelete: 'set null' }),
    /** A WhatsApp send's template (its Meta name is templateName, up to Meta's 512). */
    waTemplateId: integer().references(() => waTemplates.id, { onDelete: 'set null' }),
    templateName: varchar({ length: 512 }).notNull(),
    channel: varchar({ length: 10 }).notNull(),
    /** WhatsApp: the template's language code, and Meta's `components` with each parameter's text as a {{user field}} pattern or fixed text, filled per recipient. */
    waLanguage: varchar({ length: 5 }),
    waComponents: jsonb().$type<unknown[]>(),
    /**
     * The template's topic when the send was made (null: an account message, always delivered).
     * Kept on the send so the worker, the unsubscribe link and the skip reasons read what was
     * sent, not the template as later edited (issue 32).
     */
    topicId: integer().references(() => messagingTopics.id, { onDelete: 'restrict' }),
    /** Deliveries due inside the recipient's quiet hours wait for them to end (issue 32). */
    respectQuietHours: boolean().notNull().default(true),
    recipientType: varchar({ length: 10 }).notNull(),
    subject: varchar({ length: 200 }),
    message: text().notNull(),
    status: varchar({ length: 30 }).notNull(),
    scheduledAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /**
     * The fixture an availability ask or reminder is about (issue 36): each of its messages
     * carries the recipient's own signed answer links.
     */
    matchId: integer().references((): AnyPgColumn => matches.id, { onDelete: 'set null' }),
    /**
     * A send to a saved audience (decision 073): the audience, its name and its rules as they
     * were when the send was made. Its members are decided when it goes: at once, or, when
     * scheduled, by the worker at the scheduled time (members_decided_at says it has been).
     */
    audienceId: integer().references((): AnyPgColumn => audiences.id, { onDelete: 'set null' }),
    audienceName: varchar({ length: 100 }),
    audienceMatch: varchar({ length: 3 }),
    audienceRules: jsonb().$type<AudienceRule[]>(),
    membersDecidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notification_sends_audience_id_idx').on(t.audienceId),
    // The worker's look for scheduled audience sends whose members are still to be decided.
    index('notification_sends_audience_due_idx')
      .on(t.scheduledAt)
      .where(sql`${t.audienceRules} is not null and ${t.membersDecidedAt} is null`),
    index('notification_sends_status_id_idx').on(t.status, t.id),
    index('notification_sends_topic_id_idx').on(t.topicId),
    index('notification_sends_match_id_idx').on(t.matchId),
  ],
);

/** One row per (send, recipient): the per-recipient log and the delivery queue at once. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sendId: integer()
      .notNull()
      .references(() => notificationSends.id, { onDelete: 'cascade' }),
    /**
     * No foreign key: a fan-out inserts 100,000 rows in one statement, and a check per row
     * against users costs more than the rest of the insert; the log outlives a deleted user
     * (name and address are copied below).
     */
    userId: integer(),
    /** Copied at enqueue: the log shows where it went even if the user changes it later. */
    recipientName: varchar({ length: 101 }).notNull().default(''),
    address: varchar({ length: 254 }),
    status: varchar({ length: 10 }).notNull(),
    attempts: smallint().notNull().default(0),
    lastError: text(),
    providerMessageId: text(),
    /** When a queued delivery becomes due (the schedule, or a retry's backoff). */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Set at enqueue when quiet hours held the delivery: the end of the recipient's window, which
     * `next_attempt_at` then carries too. While both agree and it is queued, it is waiting for
     * quiet hours (a retry's backoff moves next_attempt_at on).
     */
    heldUntil: timestamp({ withTimezone: true }),
    /** While 'sending': after this, the claiming worker is presumed dead and it is re-claimed. */
    leaseUntil: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    /** WhatsApp: as Meta's status webhook reports them; the first report of each is kept. */
    deliveredAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_send_user_uq').on(t.sendId, t.userId),
    index('notification_deliveries_send_status_id_idx').on(t.sendId, t.status, t.id),
    // A send's page of deliveries in each order the list offers, read from the index within
    // the send however many it has (decision 062).
    index('notification_deliveries_send_id_idx').on(t.sendId, t.id),
    index('notification_deliveries_send_recipient_idx').on(t.sendId, t.recipientName, t.id),
    index('notification_deliveries_send_sent_at_idx').on(t.sendId, t.sentAt, t.id),
    // The worker's two claim scans stay small however long the log grows.
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'queued'`),
    index('notification_deliveries_lease_idx')
      .on(t.leaseUntil)
      .where(sql`status = 'sending'`),
    // Meta's status webhook finds the delivery by its wamid.
    index('notification_deliveries_provider_id_idx')
      .on(t.providerMessageId)
      .where(sql`provider_message_id is not null`),
  ],
);

/**
 * A send's deliveries by status, kept by a statement trigger on notification_deliveries in the
 * same transaction as the change (migration 0036): a send's page reads these few rows instead
 * of counting 100,000 deliveries on every request. A statement adds its rows' net changes in
 * (send, status) order, so concurrent statements lock the rows in one order.
 */
export const sendDeliveryCounts = pgTable(
  'send_delivery_counts',
  {
    /**
     * No foreign key: its check would lock the send's row from inside the delivery worker's
     * statements, against a cancel that holds that row while it waits for these. A deleted
     * send's rows go with it (a trigger on notification_sends).
     */
    sendId: integer().notNull(),
    status: varchar({ length: 10 }).notNull(),
    count: integer().notNull().default(0),
    /**
     * Statements that changed the send's deliveries in a way their list's order or filter sees
     * (added, removed, status, recipient or sent time): their sum over a send is the version a
     * page key of its deliveries is checked against (migration 0038, decision 068).
     */
    changes: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sendId, t.status] })],
);

/**
 * Consent, as a history: each row is one change of whether a user may be messaged on a channel
 * (`topic_id` null = every topic), never overwritten; the latest row per (user, channel, topic)
 * is the current state. Issue 31 writes only WhatsApp's inbound STOP; issue 32 builds topics,
 * preferences and the rest on this table.
 */
export const messagingConsents = pgTable(
  'messaging_consents',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: varchar({ length: 10 }).notNull(),
    /** The messaging topic (messaging_topics); null for all of them at once. */
    topicId: integer(),
    subscribed: boolean().notNull(),
    /** admin, preference_page, one_click, inbound_stop, import (CONSENT_SOURCES). */
    source: varchar({ length: 20 }).notNull(),
    /** Where the person acted from: the phone number of an inbound STOP. */
    address: varchar({ length: 254 }),
    reason: text(),
    /** The provider's id of the message that made the change (a wamid): Meta's retries add nothing. */
    externalId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messaging_consents_user_channel_idx').on(t.userId, t.channel, t.topicId, t.id),
    uniqueIndex('messaging_consents_external_uq').on(t.externalId, t.userId),
  ],
);

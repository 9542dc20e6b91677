import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Spec §3 "Contact message": what the platform's website sends through POST /api/contact. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    email: varchar({ length: 254 }).notNull(),
    subject: varchar({ length: 200 }).notNull(),
    message: text().notNull(),
    status: varchar({ length: 10 }).notNull().default('unread'),
    priority: varchar({ length: 10 }).notNull().default('medium'),
    phoneNumber: varchar({ length: 20 }),
    company: varchar({ length: 100 }),
    /** Replies stored in the thread, kept in step by the reply writes. */
    repliesCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('contact_messages_email_trgm').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('contact_messages_subject_trgm').using('gin', sql`lower(${t.subject}) gin_trgm_ops`),
    index('contact_messages_status_id_idx').on(t.status, t.id),
    check('contact_messages_status_ck', sql`${t.status} in ('unread', 'read')`),
    check('contact_messages_priority_ck', sql`${t.priority} in ('low', 'medium', 'high')`),
  ],
);

/** The thread: each reply as sent (or not) to the sender, with who wrote it and its delivery. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    messageId: integer()
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    subject: varchar({ length: 204 }).notNull(),
    body: text().notNull(),
    /** sending | sent | failed */
    status: varchar({ length: 10 }).notNull().default('sending'),
    failureReason: text(),
    /** The Message-ID the reply went out with; a retry sends the same one. */
    mailMessageId: varchar({ length: 200 }).notNull(),
    sentBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the user is deleted, so the thread still says who answered. */
    sentByName: varchar({ length: 200 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the last send attempt began: a 'sending' reply long past it was interrupted. */
    attemptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('contact_replies_message_idx').on(t.messageId, t.id),
    check('contact_replies_status_ck', sql`${t.status} in ('sending', 'sent', 'failed')`),
  ],
);

/** Messages per status, kept by triggers (as match_counts is): the header reads two rows. */
export const contactMessageCounts = pgTable('contact_message_counts', {
  status: varchar({ length: 10 }).primaryKey(),
  count: integer().notNull().default(0),
});

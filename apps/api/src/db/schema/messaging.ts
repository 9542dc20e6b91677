import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * What a message is about (issue 32): templates name a topic (none: an account message) and
 * people subscribe to topics per channel in messaging_consents.
 */
export const messagingTopics = pgTable(
  'messaging_topics',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stored with whitespace collapsed (nameText); unique whatever its case. */
    name: varchar({ length: 100 }).notNull(),
    description: text(),
    /** Whether a person who never said anything receives it. */
    defaultSubscribed: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('messaging_topics_name_uq').on(sql`lower(${t.name})`)],
);

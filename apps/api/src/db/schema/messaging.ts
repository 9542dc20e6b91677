import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  smallint,
  text,
  time,
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

/**
 * The organisation's messaging settings (issue 32): one row, id 1, written by the migration.
 * Quiet hours are a daily window of local time, counted in each recipient's own time zone
 * (users.time_zone) or, without one, in `time_zone` here (lib/quiet-hours.ts).
 */
export const messagingSettings = pgTable(
  'messaging_settings',
  {
    id: smallint().primaryKey().default(1),
    quietHoursStart: time().notNull().default('21:00'),
    quietHoursEnd: time().notNull().default('08:00'),
    /** An IANA name PostgreSQL knows (checked against pg_timezone_names when saved). */
    timeZone: varchar({ length: 64 }).notNull().default('UTC'),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('messaging_settings_one_row', sql`${t.id} = 1`)],
);

import { date, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per day the retention job ran (decision 048): the day is unique, so of several
 * instances exactly one claims each day's run; the row says what it removed.
 */
export const retentionRuns = pgTable('retention_runs', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  day: date({ mode: 'string' }).notNull().unique(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp({ withTimezone: true }),
  /** `{ sessions, deliveries, contact_messages, audit_logs }`: rows removed of each. */
  removed: jsonb().$type<Record<string, number>>(),
  /** The retention in days each kind ran with (0 = kept forever). */
  settings: jsonb().$type<Record<string, number>>().notNull(),
});

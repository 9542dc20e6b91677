import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A bulk action (issue 33, decision 060): one list, one action, the rows fixed when it was made
 * (bulk_job_items), run by a worker row after row. `done` and `failed` move in the transaction
 * of each row, so they are what the rows say.
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    list: varchar({ length: 40 }).notNull(),
    action: varchar({ length: 20 }).notNull(),
    /** The status set_status sets; null for a delete. */
    toStatus: varchar({ length: 40 }),
    /** What was asked, kept for the trail: `{ ids }` or `{ query }`. */
    selection: jsonb().notNull(),
    /** For a list that is one record's own, that record (`{ team_id }` of a squad); else null. */
    scope: jsonb().$type<Record<string, number>>(),
    /** Who asked: the rows run under their rights; null once they are deleted. */
    requestedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** queued → running → done | cancelled. */
    status: varchar({ length: 20 }).notNull().default('queued'),
    total: integer().notNull(),
    done: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    cancelRequested: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** While running: until when the instance that claimed it holds it (a dead one's runs out). */
    leaseUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The worker's claim: the jobs not finished, oldest first.
    index('bulk_jobs_open_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('bulk_jobs_requested_by_idx').on(t.requestedBy),
  ],
);

/**
 * A job's rows, in the order they run: pending until their own transaction changes the record
 * (then done, in that transaction) or a rule refuses it (then failed, with the rule's message).
 */
export const bulkJobItems = pgTable(
  'bulk_job_items',
  {
    jobId: integer()
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    entityId: integer().notNull(),
    state: varchar({ length: 10 }).notNull().default('pending'),
    message: text(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.position] }),
    // The next rows to run, and the failed ones a job lists.
    index('bulk_job_items_state_idx').on(t.jobId, t.state, t.position),
  ],
);

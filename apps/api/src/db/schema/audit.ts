import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * One row per accepted change (decision 021), written in the change's own transaction.
 * No foreign keys: a record must outlive the user and the entity it names, and the actor's
 * name and email are copied so they read as they were at the time.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: integer(),
    actorEmail: varchar({ length: 254 }),
    actorName: varchar({ length: 101 }),
    /** "name email" lower-cased: the actor filter matches part of either (decision 039). */
    actorSearch: text().generatedAlwaysAs(
      sql`lower(coalesce(actor_name, '') || ' ' || coalesce(actor_email, ''))`,
    ),
    entityType: varchar({ length: 40 }).notNull(),
    entityId: integer().notNull(),
    action: varchar({ length: 40 }).notNull(),
    /** `{ field: { before, after } }`; never a password, hash or token (see lib/audit.ts). */
    changes: jsonb()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  // Newest first is (created_at desc, id desc): each filter has an index ending in those two
  // columns, so a filtered page is a backward range scan that stops after the page.
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt, t.id),
    index('audit_logs_entity_idx').on(t.entityType, t.entityId, t.createdAt, t.id),
    index('audit_logs_entity_type_idx').on(t.entityType, t.createdAt, t.id),
    index('audit_logs_actor_idx').on(t.actorId, t.createdAt, t.id),
    // Part of a name or email: a trigram index finds a rare actor's records; a frequent one's
    // are met sooner by the newest-first scan of audit_logs_created_idx (decision 039).
    index('audit_logs_actor_search_trgm').using('gin', sql`${t.actorSearch} gin_trgm_ops`),
    index('audit_logs_action_idx').on(t.action, t.createdAt, t.id),
  ],
);

/**
 * How many records the trail holds, kept by statement triggers on audit_logs (migration 0046)
 * in up to 16 rows, one per writing connection's slot as user_counts has (decision 069), and
 * read as their sum: the unfiltered activity log's total without counting the trail
 * (decision 084).
 */
export const auditLogCounts = pgTable('audit_log_counts', {
  slot: smallint().primaryKey(),
  count: bigint({ mode: 'number' }).notNull().default(0),
});

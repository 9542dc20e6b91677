import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AudienceRule } from '@cricket/contracts';
import { users } from './users';

/**
 * Saved audiences (issue 36, decision 073): rules, never members. Who is in one is decided by
 * one statement when it is counted or a send to it goes (lib/audience-sql.ts).
 */
export const audiences = pgTable(
  'audiences',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    description: text(),
    match: varchar({ length: 3 }).notNull().default('all'),
    rules: jsonb().$type<AudienceRule[]>().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One name once, however it is cased; also the list's name order.
    uniqueIndex('audiences_name_lower_uq').on(sql`lower(${t.name})`),
    index('audiences_created_at_id_idx').on(t.createdAt, t.id),
    index('audiences_updated_at_id_idx').on(t.updatedAt, t.id),
    index('audiences_created_by_idx').on(t.createdBy),
    check('audiences_match_ck', sql`${t.match} in ('all', 'any')`),
  ],
);

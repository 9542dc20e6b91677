import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Spec §3 "Email template": kept on the server, its HTML checked for placeholders when saved. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    subject: varchar({ length: 200 }).notNull(),
    templateType: varchar({ length: 20 }).notNull().default('notification'),
    status: varchar({ length: 20 }).notNull().default('draft'),
    description: text().notNull().default(''),
    content: text().notNull(),
    usedCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_templates_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('email_templates_subject_trgm').using('gin', sql`lower(${t.subject}) gin_trgm_ops`),
    index('email_templates_status_id_idx').on(t.status, t.id),
    check(
      'email_templates_type_ck',
      sql`${t.templateType} in ('welcome', 'newsletter', 'promotional', 'transactional', 'reminder', 'notification')`,
    ),
    check(
      'email_templates_status_ck',
      sql`${t.status} in ('draft', 'active', 'inactive', 'archived')`,
    ),
  ],
);

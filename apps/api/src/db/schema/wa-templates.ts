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
import { messagingTopics } from './messaging';
import { users } from './users';

/** Spec §3 "WhatsApp template category". */
export const waTemplateCategories = pgTable(
  'wa_template_categories',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    slug: varchar({ length: 100 }).notNull(),
    icon: varchar({ length: 32 }),
    description: varchar({ length: 500 }),
    order: integer().notNull().default(0),
    status: varchar({ length: 10 }).notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wa_template_categories_slug_uq').on(t.slug),
    // The picker (status=active, display order) and the list's status filter.
    index('wa_template_categories_status_order_idx').on(t.status, t.order, t.id),
    index('wa_template_categories_order_idx').on(t.order, t.id),
    index('wa_template_categories_search_trgm').using(
      'gin',
      sql`lower(${t.name} || ' ' || ${t.slug}) gin_trgm_ops`,
    ),
    check('wa_template_categories_order_min', sql`${t.order} >= 0`),
    check('wa_template_categories_status', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** Spec §3 "WhatsApp template"; buttons and sample values travel with it as JSON. */
export const waTemplates = pgTable(
  'wa_templates',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 512 }).notNull(),
    // A category in use cannot be deleted (the API says how many templates use it).
    categoryId: integer()
      .notNull()
      .references(() => waTemplateCategories.id, { onDelete: 'restrict' }),
    /** Its messaging topic; null for an account message (issue 32). A topic in use stays. */
    topicId: integer().references(() => messagingTopics.id, { onDelete: 'restrict' }),
    type: varchar({ length: 10 }).notNull(),
    templateLanguage: varchar({ length: 5 }).notNull().default('en_US'),
    status: varchar({ length: 10 }).notNull().default('draft'),
    // Issue 31 (decision 044): Meta's category, its id once submitted, its quality rating and
    // its reason for a rejection, kept as Meta reports them.
    whatsappCategory: varchar({ length: 20 }).notNull().default('UTILITY'),
    whatsappTemplateId: varchar({ length: 64 }),
    qualityRating: varchar({ length: 10 }),
    rejectedReason: text(),
    headerType: varchar({ length: 10 }).notNull().default('none'),
    headerContent: text(),
    bodyText: varchar({ length: 1024 }).notNull(),
    footerText: varchar({ length: 60 }),
    mediaUrl: text(),
    buttons: jsonb()
      .$type<{ type: string; text: string; url?: string; phone_number?: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sampleValues: jsonb()
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    usageCount: integer().notNull().default(0),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // WhatsApp identifies a template by its name and language.
    uniqueIndex('wa_templates_name_language_uq').on(t.name, t.templateLanguage),
    index('wa_templates_category_idx').on(t.categoryId, t.id),
    index('wa_templates_status_idx').on(t.status, t.id),
    index('wa_templates_type_idx').on(t.type, t.id),
    index('wa_templates_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('wa_templates_type', sql`${t.type} in ('text', 'image', 'video', 'document')`),
    check(
      'wa_templates_status',
      sql`${t.status} in ('draft', 'pending', 'approved', 'rejected', 'paused', 'disabled')`,
    ),
    check(
      'wa_templates_whatsapp_category',
      sql`${t.whatsappCategory} in ('MARKETING', 'UTILITY', 'AUTHENTICATION')`,
    ),
    check(
      'wa_templates_quality_rating',
      sql`${t.qualityRating} in ('GREEN', 'YELLOW', 'RED', 'UNKNOWN')`,
    ),
    // Meta's webhooks name a template by its id: one row per id.
    uniqueIndex('wa_templates_whatsapp_id_uq').on(t.whatsappTemplateId),
  ],
);

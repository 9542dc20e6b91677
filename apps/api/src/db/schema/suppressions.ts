import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Addresses no send may reach on a channel (issue 32). An entry is never deleted: removal
 * fills removed_at/by/reason and the entry stops counting, so the history stays readable.
 */
export const messagingSuppressions = pgTable(
  'messaging_suppressions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    channel: varchar({ length: 10 }).notNull(),
    /** As the channel sends to it: an email lower-cased, a phone number in E.164. */
    address: varchar({ length: 254 }).notNull(),
    /** SUPPRESSION_REASONS. */
    reason: varchar({ length: 30 }).notNull(),
    /** The provider's words ('550 5.1.1 User unknown') or the administrator's note. */
    detail: text(),
    /** The message whose bounce or complaint caused it: a repeated event changes nothing. */
    sourceMessageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp({ withTimezone: true }),
    removedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    removalReason: text(),
  },
  (t) => [
    // One active entry per address; every send's check is a probe of this index.
    uniqueIndex('messaging_suppressions_active_uq')
      .on(t.channel, t.address)
      .where(sql`removed_at is null`),
    // The list: newest first (the primary key), by channel or reason; the address by trigram.
    index('messaging_suppressions_channel_id_idx').on(t.channel, t.id),
    index('messaging_suppressions_reason_id_idx').on(t.reason, t.id),
    index('messaging_suppressions_address_trgm').using(
      'gin',
      sql`lower(${t.address}) gin_trgm_ops`,
    ),
    index('messaging_suppressions_source_idx')
      .on(t.sourceMessageId)
      .where(sql`source_message_id is not null`),
  ],
);

/** Each soft bounce of an email address: SOFT_BOUNCE_LIMIT of them in the window suppress it. */
export const messagingSoftBounces = pgTable(
  'messaging_soft_bounces',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** Lower-cased. */
    address: varchar({ length: 254 }).notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    detail: text(),
    /** The bounced message (a provider event's message_id): its repeat is not counted twice. */
    messageId: text(),
  },
  (t) => [
    index('messaging_soft_bounces_address_at_idx').on(t.address, t.occurredAt),
    uniqueIndex('messaging_soft_bounces_message_uq').on(t.messageId),
  ],
);

import { desc, sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** sha256 of the token: a leaked table does not leak usable tokens. */
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceName: varchar({ length: 120 }),
    deviceType: varchar({ length: 40 }),
    ip: varchar({ length: 64 }),
    userAgent: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Touched at most once a minute per session by the instance that serves it (My sessions). */
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // My Sessions: a person's live sessions, a page at a time, the most recently used first.
    index('sessions_user_live_idx')
      .on(t.userId, desc(t.lastUsedAt), desc(t.id))
      .where(sql`${t.revokedAt} is null`),
  ],
);

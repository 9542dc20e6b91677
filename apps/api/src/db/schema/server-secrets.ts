import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Secrets the server makes for itself when the operator sets none (decision 052): the first
 * instance to start writes one, every instance and every restart reads the same. Kept with the
 * data, so a backup restores links that still work; never in the repository.
 */
export const serverSecrets = pgTable('server_secrets', {
  /** What the secret signs: `unsubscribe`. */
  name: varchar({ length: 50 }).primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

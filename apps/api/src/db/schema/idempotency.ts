import {
  boolean,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The Idempotency-Key of every POST that sent one (decision 036), kept 24 hours. `committed`
 * is set inside the transaction of the request's write, so a write that committed is always
 * found by a retry, even when its answer was lost on the way back.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key: `user:<id>` for a signed-in route, `route:<METHOD> <path>` for a public one. */
    owner: varchar({ length: 200 }).notNull(),
    key: varchar({ length: 255 }).notNull(),
    /** sha-256 of the method, URL and body (secret fields left out); null: matched by key alone. */
    fingerprint: varchar({ length: 64 }),
    /** The request holding the key; only it may mark it committed or answered. */
    lease: uuid().notNull(),
    /** Until then the holder counts as still running; after, its key may be taken over. */
    lockedUntil: timestamp({ withTimezone: true }),
    committed: boolean().notNull().default(false),
    /** The first answer, replayed to a retry; null while running or when it was lost. */
    status: smallint(),
    body: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.owner, t.key] }),
    // Expired keys are deleted by age.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

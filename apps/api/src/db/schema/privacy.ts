import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The one salt of the suppression list's hashed addresses (decision 055): an erased person's
 * email and phone are kept only as sha256(salt || address). Made once by the migration and
 * carried by a backup with the rows it salts, so a restored database still recognises them.
 */
export const privacySalt = pgTable(
  'privacy_salt',
  {
    /** Always true: the table holds one row. */
    only: boolean().primaryKey().default(true),
    salt: text().notNull(),
  },
  (t) => [check('privacy_salt_one_row', sql`${t.only}`)],
);

import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

export const media = pgTable('media', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  type: varchar({ length: 40 }).notNull(),
  fileName: varchar({ length: 80 }).notNull().unique(),
  originalName: varchar({ length: 255 }),
  mimeType: varchar({ length: 100 }).notNull(),
  size: integer().notNull(),
  uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

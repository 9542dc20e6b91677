import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { roles } from './roles';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    phoneNumber: varchar({ length: 10 }).notNull(),
    email: varchar({ length: 254 }).notNull(),
    passwordHash: text(),
    roleId: integer()
      .notNull()
      .references(() => roles.id),
    status: varchar({ length: 20 }).notNull().default('pending'),
    firstName: varchar({ length: 50 }),
    lastName: varchar({ length: 50 }),
    dateOfBirth: date({ mode: 'string' }),
    gender: varchar({ length: 10 }),
    address: varchar({ length: 255 }),
    city: varchar({ length: 100 }),
    state: varchar({ length: 100 }),
    country: varchar({ length: 100 }),
    pincode: varchar({ length: 6 }),
    profilePicture: text(),
    /** An IANA name; null: the organisation's default (messaging_settings.time_zone). */
    timeZone: varchar({ length: 64 }),
    /** "first last" lower-cased, stored so a search filters on a column instead of re-deriving it per row. */
    searchName: text().generatedAlwaysAs(
      sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`,
    ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When their personal data was erased (decision 055): no send reaches the row again. */
    erasedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    // The top bar's search finds users by an email prefix; text_pattern_ops serves LIKE 'x%'
    // under any collation (a plain b-tree does only under "C").
    index('users_email_pattern_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    uniqueIndex('users_phone_uq').on(t.phoneNumber),
    // Name search: substring, case-insensitive, over first, last and full name.
    index('users_search_name_trgm').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('users_phone_trgm').using('gin', sql`${t.phoneNumber} gin_trgm_ops`),
    // The top bar's search finds a number by its first or its last digits.
    index('users_phone_pattern_idx').on(sql`${t.phoneNumber} text_pattern_ops`),
    index('users_phone_reverse_idx').on(sql`reverse(${t.phoneNumber}) text_pattern_ops`),
    index('users_role_id_idx').on(t.roleId, t.id),
    // A name's users, newest first (see userSearchNames).
    index('users_search_name_id_idx').on(t.searchName, t.id),
    index('users_status_id_idx').on(t.status, t.id),
    // The dashboard's latest registrations.
    index('users_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Exact user counts per (role, status), kept by a trigger so a list total never needs a
 * COUNT(*) over every user (see migration 0002).
 */
export const userCounts = pgTable(
  'user_counts',
  {
    roleId: integer().notNull(),
    status: varchar({ length: 20 }).notNull(),
    count: integer().notNull().default(0),
    /**
     * Bumped by the same trigger on every insert, delete and change of a column the users list
     * orders or filters by (decision 062): while the sum over a filter's rows stands still, no
     * page of that filter has moved, so a boundary key written under that sum still finds it.
     */
    changes: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * Each (role, status) is kept in several rows and read as their sum: a write bumps the row
     * of its database connection's slot, so concurrent writes of users with the same role and
     * status no longer queue for one row's lock until commit (decision 069).
     */
    slot: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.status, t.slot] })],
);

/**
 * Every distinct search name with how many users carry it, kept by a trigger (migration 0005).
 * Names repeat a great deal, so a substring search looks the pattern up here, among distinct
 * names, and only then fetches those names' users; its total is exact for the price of a sum.
 */
export const userSearchNames = pgTable(
  'user_search_names',
  {
    name: text().primaryKey(),
    users: integer().notNull(),
  },
  (t) => [index('user_search_names_trgm').using('gin', sql`${t.name} gin_trgm_ops`)],
);

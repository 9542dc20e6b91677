import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { users } from './users';

/** Option lists for player_role, batting_style and bowling_style (spec §7 /dropdown). */
export const dropdownOptions = pgTable(
  'dropdown_options',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    category: varchar({ length: 40 }).notNull(),
    name: varchar({ length: 60 }).notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('dropdown_category_name_uq').on(t.category, t.name),
    index('dropdown_category_idx').on(t.category, t.sortOrder),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    location: varchar({ length: 100 }).notNull(),
    teamInitials: varchar({ length: 5 }).notNull(),
    logoUrl: text(),
    isActive: boolean().notNull().default(true),
    ownerId: integer()
      .notNull()
      .references(() => users.id),
    /** Kept in step with team_players inside the same transaction as every squad change. */
    playersCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('teams_search_trgm').using(
      'gin',
      sql`lower(${t.name} || ' ' || ${t.location}) gin_trgm_ops`,
    ),
    index('teams_owner_idx').on(t.ownerId),
    index('teams_active_id_idx').on(t.isActive, t.id),
  ],
);

export const teamPlayers = pgTable(
  'team_players',
  {
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playerName: varchar({ length: 101 }),
    playerRole: integer().references(() => dropdownOptions.id),
    battingStyle: integer().references(() => dropdownOptions.id),
    bowlingStyle: integer().references(() => dropdownOptions.id),
    jerseyNumber: smallint(),
    isCaptain: boolean().notNull().default(false),
    isWicketKeeper: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_players_user_idx').on(t.userId),
    uniqueIndex('team_players_jersey_uq')
      .on(t.teamId, t.jerseyNumber)
      .where(sql`${t.jerseyNumber} is not null`),
    uniqueIndex('team_players_captain_uq')
      .on(t.teamId)
      .where(sql`${t.isCaptain}`),
    uniqueIndex('team_players_keeper_uq')
      .on(t.teamId)
      .where(sql`${t.isWicketKeeper}`),
    check('team_players_jersey_range', sql`${t.jerseyNumber} between 1 and 99`),
  ],
);

/**
 * Squad places per playing role, kept by triggers on team_players (migration 0015) so the
 * dashboard's role chart reads a handful of rows however many squads there are.
 */
export const playerRoleCounts = pgTable('player_role_counts', {
  playerRole: integer().primaryKey(),
  count: integer().notNull().default(0),
});

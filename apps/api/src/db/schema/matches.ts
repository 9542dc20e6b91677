import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';
import { waTemplates } from './wa-templates';

/*
 * Match history must not change behind anyone's back: a team or user with matches or
 * scorecards cannot be deleted (`on delete restrict`; the API answers 409), while a deleted
 * user's community posts go with them.
 */

export const tournaments = pgTable(
  'tournaments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 120 }).notNull(),
    /** upcoming | live | completed */
    status: varchar({ length: 20 }).notNull().default('upcoming'),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    /** league | knockout */
    format: varchar({ length: 20 }).notNull().default('league'),
    overs: smallint().notNull().default(20),
    /** ISO weekdays (1 Monday … 7 Sunday) on which fixtures are played. */
    matchDays: smallint()
      .array()
      .notNull()
      .default(sql`'{6,7}'`),
    pointsWin: smallint().notNull().default(2),
    pointsTie: smallint().notNull().default(1),
    pointsNoResult: smallint().notNull().default(1),
    pointsLoss: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tournaments_name_uq').on(sql`lower(${t.name})`),
    // The tournaments list: latest start first, optionally within one status or by part of the name.
    index('tournaments_start_idx').on(t.startDate, t.id),
    index('tournaments_status_start_idx').on(t.status, t.startDate, t.id),
    index('tournaments_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('tournaments_status_ck', sql`${t.status} in ('upcoming', 'live', 'completed')`),
    check('tournaments_dates_ck', sql`${t.endDate} >= ${t.startDate}`),
    check('tournaments_format_ck', sql`${t.format} in ('league', 'knockout')`),
  ],
);

/** The teams playing a tournament; fixed once it has fixtures. */
export const tournamentTeams = pgTable(
  'tournament_teams',
  {
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.teamId] }),
    index('tournament_teams_team_idx').on(t.teamId),
  ],
);

/** Points taken off a team in a tournament (issue 36), each with its reason and who gave it. */
export const tournamentPenalties = pgTable(
  'tournament_penalties',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    points: smallint().notNull(),
    reason: text().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tournament_penalties_tournament_idx').on(t.tournamentId, t.teamId),
    index('tournament_penalties_team_idx').on(t.teamId),
    index('tournament_penalties_created_by_idx').on(t.createdBy),
    check('tournament_penalties_points_ck', sql`${t.points} > 0`),
  ],
);

export const matches = pgTable(
  'matches',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'restrict' }),
    teamAId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    teamBId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    /** upcoming | live | completed | abandoned */
    status: varchar({ length: 20 }).notNull().default('upcoming'),
    winnerTeamId: integer().references(() => teams.id, { onDelete: 'restrict' }),
    venue: varchar({ length: 120 }).notNull(),
    /** win | tie | no_result; null until a result is entered (issue 36). */
    resultType: varchar({ length: 20 }),
    /** Each side's innings: runs, wickets and balls faced (overs × 6 + balls). */
    teamARuns: smallint(),
    teamAWickets: smallint(),
    teamABalls: smallint(),
    teamBRuns: smallint(),
    teamBWickets: smallint(),
    teamBBalls: smallint(),
    /** Who confirmed the entered result for each side; both (or an administrator) lock it. */
    teamAConfirmedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    teamBConfirmedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    teamAConfirmedAt: timestamp({ withTimezone: true }),
    teamBConfirmedAt: timestamp({ withTimezone: true }),
    lockedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('matches_team_a_confirmed_by_idx').on(t.teamAConfirmedBy),
    index('matches_team_b_confirmed_by_idx').on(t.teamBConfirmedBy),
    check('matches_result_type_ck', sql`${t.resultType} in ('win', 'tie', 'no_result')`),
    // Recent matches and the matches list: newest first, optionally within one status.
    index('matches_scheduled_idx').on(t.scheduledAt, t.id),
    index('matches_status_scheduled_idx').on(t.status, t.scheduledAt, t.id),
    index('matches_tournament_scheduled_idx').on(t.tournamentId, t.scheduledAt, t.id),
    // A team's matches, from either side (team filter, and the delete check's foreign keys).
    index('matches_team_a_idx').on(t.teamAId, t.scheduledAt),
    index('matches_team_b_idx').on(t.teamBId, t.scheduledAt),
    index('matches_winner_idx').on(t.winnerTeamId),
    check('matches_status_ck', sql`${t.status} in ('upcoming', 'live', 'completed', 'abandoned')`),
    check('matches_two_teams_ck', sql`${t.teamAId} <> ${t.teamBId}`),
    check(
      'matches_winner_ck',
      sql`${t.winnerTeamId} is null or (${t.status} = 'completed' and ${t.winnerTeamId} in (${t.teamAId}, ${t.teamBId}))`,
    ),
  ],
);

/** Availability statuses of a squad member for a fixture (issue 36). */
export const AVAILABILITY_STATUS_CHECK = sql`('pending', 'available', 'not_available', 'maybe')`;

/**
 * A fixture's availability ask: when it went out, the deadline for answers and how many hours
 * before it the non-responders are reminded (once).
 */
export const availabilityAsks = pgTable(
  'availability_asks',
  {
    matchId: integer()
      .primaryKey()
      .references(() => matches.id, { onDelete: 'cascade' }),
    deadline: timestamp({ withTimezone: true }).notNull(),
    remindHoursBefore: smallint().notNull(),
    askedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    askedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    remindedAt: timestamp({ withTimezone: true }),
    /** The WhatsApp template the ask went by (decision 079), for its reminder; null: none. */
    waTemplateId: integer().references(() => waTemplates.id, { onDelete: 'set null' }),
    waVariables: jsonb().$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index('availability_asks_asked_by_idx').on(t.askedBy),
    index('availability_asks_wa_template_idx').on(t.waTemplateId),
    // The reminder sweep: asks not yet reminded, by when they fall due.
    index('availability_asks_remind_idx')
      .on(t.deadline)
      .where(sql`${t.remindedAt} is null`),
  ],
);

/** Each squad member's answer for a fixture they were asked about. */
export const availability = pgTable(
  'availability',
  {
    matchId: integer()
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    status: varchar({ length: 20 }).notNull().default('pending'),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    index('availability_match_status_idx').on(t.matchId, t.status),
    index('availability_user_idx').on(t.userId),
    index('availability_team_idx').on(t.teamId, t.matchId),
    check('availability_status_ck', sql`${t.status} in ${AVAILABILITY_STATUS_CHECK}`),
  ],
);

/**
 * A team's selection for a fixture (issue 36): its XI, twelfth man and reserves, with the
 * captain and wicket keeper among the XI.
 */
export const selections = pgTable(
  'selections',
  {
    matchId: integer()
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** xi | twelfth | reserve */
    slot: varchar({ length: 10 }).notNull(),
    position: smallint().notNull(),
    isCaptain: boolean().notNull().default(false),
    isWicketKeeper: boolean().notNull().default(false),
    /**
     * When a picked player withdrew after the sheet was out (decision 076): their row stays, so
     * the selector sees whose place is open, until a reserve is promoted into it.
     */
    withdrawnAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    index('selections_team_idx').on(t.teamId, t.matchId),
    index('selections_user_idx').on(t.userId),
    check('selections_slot_ck', sql`${t.slot} in ('xi', 'twelfth', 'reserve')`),
  ],
);

/** A team's published sheet for a fixture: once out, its players' availability answers close. */
export const teamSheets = pgTable(
  'team_sheets',
  {
    matchId: integer()
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    publishedAt: timestamp({ withTimezone: true }).notNull(),
    publishedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    notifyUnselected: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.teamId] }),
    index('team_sheets_team_idx').on(t.teamId),
    index('team_sheets_published_by_idx').on(t.publishedBy),
  ],
);

export const communityPosts = pgTable(
  'community_posts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    authorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('community_posts_author_idx').on(t.authorId)],
);

/** One player's scorecard line in one match. */
export const playerStats = pgTable(
  'player_stats',
  {
    matchId: integer()
      .notNull()
      .references(() => matches.id, { onDelete: 'restrict' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    runs: smallint().notNull().default(0),
    wickets: smallint().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    index('player_stats_user_idx').on(t.userId),
    index('player_stats_team_idx').on(t.teamId),
    check('player_stats_runs_ck', sql`${t.runs} >= 0`),
    check('player_stats_wickets_ck', sql`${t.wickets} between 0 and 10`),
  ],
);

/*
 * Summary tables kept by triggers in the same transaction as the rows they count (migration
 * 0007, the way user_counts works), so the dashboard reads a handful of rows however many
 * matches, posts and scorecards there are.
 */

/** Matches per calendar month (UTC) of their scheduled date and status. */
export const matchCounts = pgTable(
  'match_counts',
  {
    month: date({ mode: 'string' }).notNull(),
    status: varchar({ length: 20 }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.status] })],
);

export const tournamentCounts = pgTable('tournament_counts', {
  status: varchar({ length: 20 }).primaryKey(),
  count: integer().notNull().default(0),
});

/** Community posts per calendar month (UTC) of their creation. */
export const communityPostCounts = pgTable('community_post_counts', {
  month: date({ mode: 'string' }).primaryKey(),
  count: integer().notNull().default(0),
});

/** Each player's career totals over player_stats; `matches` is their number of scorecards. */
export const playerTotals = pgTable(
  'player_totals',
  {
    userId: integer().primaryKey(),
    runs: integer().notNull().default(0),
    wickets: integer().notNull().default(0),
    matches: integer().notNull().default(0),
  },
  (t) => [index('player_totals_top_idx').on(t.runs.desc(), t.wickets.desc(), t.userId)],
);

import { z } from 'zod';
import { MAX_ID, optionalText, pageOf, paginationQuery, sortQuery } from './common.ts';

/** Where a tournament stands. */
export const TOURNAMENT_STATUSES = ['upcoming', 'live', 'completed'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** Where a match stands; only a completed match has a winner (or none, for a tie). */
export const MATCH_STATUSES = ['upcoming', 'live', 'completed', 'abandoned'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/**
 * The statuses of a match that has been played, or is being played: these are what the
 * dashboard's 'Matches Played (Last 6 Months)' chart counts, by month of the scheduled date.
 */
export const PLAYED_MATCH_STATUSES: readonly MatchStatus[] = ['live', 'completed'];

export const MATCH_FILTER_MESSAGES = {
  status: 'Please choose a valid match status',
  tournament: 'Please choose a valid tournament',
  tournamentStatus: 'Please choose a valid tournament status',
} as const;

/** The screens' texts (spec §8 "Messages" and the empty states). */
export const MATCH_MESSAGES = {
  fetchFailed: 'Error fetching matches',
  tournamentsFetchFailed: 'Failed to fetch tournaments',
  empty: 'No matches found',
  tournamentsEmpty: 'No tournaments found',
} as const;

/** The matches list's sortable columns (issue 33). */
export const MATCH_SORT_KEYS = ['tournament', 'scheduled_at', 'venue', 'status'] as const;

/** `GET /api/matches`: newest first; `search` is part of either team's name; '' means "All". */
export const matchesQuery = paginationQuery.extend({
  search: optionalText,
  tournament_id: z
    .union([z.literal(''), z.coerce.number().int().positive().max(MAX_ID)], {
      error: MATCH_FILTER_MESSAGES.tournament,
    })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  status: z
    .enum(['', ...MATCH_STATUSES], { error: MATCH_FILTER_MESSAGES.status })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  ...sortQuery(MATCH_SORT_KEYS),
});
export type MatchesQuery = z.input<typeof matchesQuery>;
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const matchesExportQuery = matchesQuery.omit({ page: true, limit: true });
/** The matches export's header row: the list's columns, each team and the id. */
export const MATCH_EXPORT_COLUMNS = {
  id: 'ID',
  team_a: 'Team A',
  team_b: 'Team B',
  tournament: 'Tournament',
  scheduled_at: 'Date',
  venue: 'Venue',
  status: 'Status',
  winner: 'Winner',
} as const;

export const matchRow = z.object({
  id: z.number().int(),
  tournament: z.object({ id: z.number().int(), name: z.string() }),
  team_a: z.object({ id: z.number().int(), name: z.string() }),
  team_b: z.object({ id: z.number().int(), name: z.string() }),
  scheduled_at: z.string(),
  venue: z.string(),
  status: z.enum(MATCH_STATUSES),
  winner: z.string().nullable(),
});
export type MatchRow = z.infer<typeof matchRow>;
export const matchesPage = pageOf(matchRow);

/** The tournaments list's sortable columns (issue 33). */
export const TOURNAMENT_SORT_KEYS = [
  'name',
  'status',
  'start_date',
  'end_date',
  'matches',
] as const;

/**
 * `GET /api/tournaments`: the tournaments list and the matches screen's tournament filter, the
 * latest to start first; `search` is part of the name; '' means "All".
 */
export const tournamentsQuery = paginationQuery.extend({
  search: optionalText,
  status: z
    .enum(['', ...TOURNAMENT_STATUSES], { error: MATCH_FILTER_MESSAGES.tournamentStatus })
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  ...sortQuery(TOURNAMENT_SORT_KEYS),
});
export type TournamentsQuery = z.input<typeof tournamentsQuery>;
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const tournamentsExportQuery = tournamentsQuery.omit({ page: true, limit: true });
/** The tournaments export's header row: the list's columns, with the id. */
export const TOURNAMENT_EXPORT_COLUMNS = {
  id: 'ID',
  name: 'Name',
  status: 'Status',
  start_date: 'Start date',
  end_date: 'End date',
  matches: 'Matches',
} as const;
export const tournamentRow = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(TOURNAMENT_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  /** How many matches the tournament holds. */
  matches: z.number().int(),
});
export type TournamentRow = z.infer<typeof tournamentRow>;
export const tournamentsPage = pageOf(tournamentRow);

/** The result line of a match, as the dashboard and the matches list show it. */
export function matchResult(m: { status: string; winner: string | null }) {
  if (m.status !== 'completed') return null;
  return m.winner ? `${m.winner} won` : 'Completed';
}

/** The `message` of the API's successful answers in this feature. */
export const MATCH_SUCCESS = {
  listed: 'Matches fetched successfully',
  tournamentsListed: 'Tournaments fetched successfully',
} as const;

import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MatchRow, MatchStatus, TournamentStatus } from '@cricket/contracts';
import type { Db } from '../../db/client';
import { keyColumns, keysetBatches, keysetOf, type KeyedRow, type Keyset } from '../../db/export';
import { selectPage, sortedBy, withTotal, type SortRequest } from '../../db/page';
import { matches, teams, tournaments } from '../../db/schema';
import type { PageRequest } from '../../lib/envelope';
import { likePattern } from '../../lib/like-pattern';

const teamA = alias(teams, 'team_a');
const teamB = alias(teams, 'team_b');
const winner = alias(teams, 'winner');

const matchSorts = {
  tournament: sql`lower(${tournaments.name})`,
  scheduled_at: matches.scheduledAt,
  venue: sql`lower(${matches.venue})`,
  status: matches.status,
};

type MatchFilters = {
  search?: string;
  tournament_id?: number;
  status?: MatchStatus;
} & SortRequest<keyof typeof matchSorts>;

function matchFilters(db: Db, q: MatchFilters) {
  const filters: SQL[] = [];
  if (q.tournament_id !== undefined) filters.push(eq(matches.tournamentId, q.tournament_id));
  if (q.status !== undefined) filters.push(eq(matches.status, q.status));
  if (q.search) {
    const pattern = likePattern(q.search);
    // Teams are few: find the matching teams first, then their matches through the team indexes.
    const named = db
      .select({ id: teams.id })
      .from(teams)
      .where(sql`lower(${teams.name}) like ${pattern}`);
    filters.push(or(sql`${matches.teamAId} in ${named}`, sql`${matches.teamBId} in ${named}`)!);
  }
  return filters;
}

const matchColumns = {
  id: matches.id,
  tournamentId: tournaments.id,
  tournamentName: tournaments.name,
  teamAId: teamA.id,
  teamAName: teamA.name,
  teamBId: teamB.id,
  teamBName: teamB.name,
  scheduledAt: matches.scheduledAt,
  venue: matches.venue,
  status: matches.status,
  winner: winner.name,
};

const matchesFrom = (
  db: Db,
  columns:
    | ReturnType<typeof withTotal<typeof matchColumns>>
    | (typeof matchColumns & ReturnType<typeof keyColumns>),
) =>
  db
    .select(columns)
    .from(matches)
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .innerJoin(teamA, eq(teamA.id, matches.teamAId))
    .innerJoin(teamB, eq(teamB.id, matches.teamBId))
    .leftJoin(winner, eq(winner.id, matches.winnerTeamId));

type MatchJoined = {
  id: number;
  tournamentId: number;
  tournamentName: string;
  teamAId: number;
  teamAName: string;
  teamBId: number;
  teamBName: string;
  scheduledAt: Date;
  venue: string;
  status: string;
  winner: string | null;
};

const toMatch = (r: MatchJoined): MatchRow => ({
  id: r.id,
  tournament: { id: r.tournamentId, name: r.tournamentName },
  team_a: { id: r.teamAId, name: r.teamAName },
  team_b: { id: r.teamBId, name: r.teamBName },
  scheduled_at: r.scheduledAt.toISOString(),
  venue: r.venue,
  status: r.status as MatchStatus,
  winner: r.winner,
});

/** Matches newest first; `search` is part of either team's name, case-insensitive. */
export async function listMatches(
  db: Db,
  q: PageRequest & MatchFilters,
): Promise<{ rows: MatchRow[]; total: number }> {
  const filters = matchFilters(db, q);
  const { rows, total } = await selectPage(
    () =>
      matchesFrom(db, withTotal(matchColumns))
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(
          ...sortedBy(q, matchSorts, matches.id, [desc(matches.scheduledAt), desc(matches.id)]),
        )
        .$dynamic(),
    q,
  );
  return { rows: (rows as MatchJoined[]).map(toMatch), total };
}

/** The list's own order, newest scheduled first, as a keyset; or the asked sort. */
const matchKeyset = (q: MatchFilters): Keyset =>
  q.sort
    ? keysetOf(q, matchSorts, matches.id, 'desc')
    : { by: matches.scheduledAt, id: matches.id, way: 'desc' };

/** Every match the list's filters match, in its order, in batches (the CSV export), flat. */
export function exportMatches(db: Db, q: MatchFilters) {
  const keyset = matchKeyset(q);
  const filters = matchFilters(db, q);
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = (await matchesFrom(db, { ...matchColumns, ...keyColumns(keyset) })
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit)) as (MatchJoined & KeyedRow)[];
    return rows.map((r) => ({
      id: r.id,
      team_a: r.teamAName,
      team_b: r.teamBName,
      tournament: r.tournamentName,
      scheduled_at: r.scheduledAt,
      venue: r.venue,
      status: r.status,
      winner: r.winner,
      keyValue: r.keyValue,
      keyId: r.keyId,
    }));
  });
}

/**
 * A tournament's matches, counted through matches_tournament_scheduled_idx. Written out in full:
 * drizzle writes a single-table select's columns bare, which inside the subquery are its own.
 */
const matchCount = sql<number>`(select count(*)::int from matches m where m.tournament_id = ${sql.raw('"tournaments"."id"')})`;

const tournamentSorts = {
  name: sql`lower(${tournaments.name})`,
  status: tournaments.status,
  start_date: tournaments.startDate,
  end_date: tournaments.endDate,
  matches: matchCount,
};

type TournamentFilters = { search?: string; status?: TournamentStatus } & SortRequest<
  keyof typeof tournamentSorts
>;

function tournamentFilters(q: TournamentFilters) {
  const filters: SQL[] = [];
  if (q.search) filters.push(sql`lower(${tournaments.name}) like ${likePattern(q.search)}`);
  if (q.status !== undefined) filters.push(eq(tournaments.status, q.status));
  return filters;
}

const tournamentColumns = {
  id: tournaments.id,
  name: tournaments.name,
  status: tournaments.status,
  start_date: tournaments.startDate,
  end_date: tournaments.endDate,
  matches: matchCount,
};

/**
 * Tournaments, the latest to start first, each with its number of matches; `search` is part of
 * the name, case-insensitive (lower(name) carries a trigram index).
 */
export async function listTournaments(db: Db, q: PageRequest & TournamentFilters) {
  const filters = tournamentFilters(q);
  const { rows, total } = await selectPage(
    () =>
      db
        .select(withTotal(tournamentColumns))
        .from(tournaments)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(
          ...sortedBy(q, tournamentSorts, tournaments.id, [
            desc(tournaments.startDate),
            desc(tournaments.id),
          ]),
        )
        .$dynamic(),
    q,
  );
  return { rows: rows.map((r) => ({ ...r, status: r.status as TournamentStatus })), total };
}

/** Every tournament the list's filters match, in its order, in batches (the CSV export). */
export function exportTournaments(db: Db, q: TournamentFilters) {
  const keyset: Keyset = q.sort
    ? keysetOf(q, tournamentSorts, tournaments.id, 'desc')
    : { by: tournaments.startDate, id: tournaments.id, way: 'desc' };
  const filters = tournamentFilters(q);
  return keysetBatches(keyset, ({ where, orderBy, limit }) =>
    db
      .select({ ...tournamentColumns, ...keyColumns(keyset) })
      .from(tournaments)
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit),
  );
}

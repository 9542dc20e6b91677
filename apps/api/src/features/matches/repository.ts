import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MatchRow, MatchStatus, TournamentStatus } from '@cricket/contracts';
import type { Db } from '../../db/client';
import { selectPage, withTotal } from '../../db/page';
import { matches, teams, tournaments } from '../../db/schema';
import type { PageRequest } from '../../lib/envelope';
import { likePattern } from '../../lib/like-pattern';

const teamA = alias(teams, 'team_a');
const teamB = alias(teams, 'team_b');
const winner = alias(teams, 'winner');

/** Matches newest first; `search` is part of either team's name, case-insensitive. */
export async function listMatches(
  db: Db,
  q: PageRequest & { search?: string; tournament_id?: number; status?: MatchStatus },
): Promise<{ rows: MatchRow[]; total: number }> {
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
  const { rows, total } = await selectPage(
    () =>
      db
        .select(
          withTotal({
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
          }),
        )
        .from(matches)
        .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
        .innerJoin(teamA, eq(teamA.id, matches.teamAId))
        .innerJoin(teamB, eq(teamB.id, matches.teamBId))
        .leftJoin(winner, eq(winner.id, matches.winnerTeamId))
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(desc(matches.scheduledAt), desc(matches.id))
        .$dynamic(),
    q,
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      tournament: { id: r.tournamentId, name: r.tournamentName },
      team_a: { id: r.teamAId, name: r.teamAName },
      team_b: { id: r.teamBId, name: r.teamBName },
      scheduled_at: r.scheduledAt.toISOString(),
      venue: r.venue,
      status: r.status as MatchStatus,
      winner: r.winner,
    })),
    total,
  };
}

/**
 * Tournaments, the latest to start first, each with its number of matches; `search` is part of
 * the name, case-insensitive (lower(name) carries a trigram index).
 */
export async function listTournaments(
  db: Db,
  q: PageRequest & { search?: string; status?: TournamentStatus },
) {
  const filters: SQL[] = [];
  if (q.search) filters.push(sql`lower(${tournaments.name}) like ${likePattern(q.search)}`);
  if (q.status !== undefined) filters.push(eq(tournaments.status, q.status));
  const { rows, total } = await selectPage(
    () =>
      db
        .select(
          withTotal({
            id: tournaments.id,
            name: tournaments.name,
            status: tournaments.status,
            start_date: tournaments.startDate,
            end_date: tournaments.endDate,
            // Counted through matches_tournament_scheduled_idx; $count qualifies both columns.
            matches: db.$count(matches, eq(matches.tournamentId, tournaments.id)),
          }),
        )
        .from(tournaments)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(desc(tournaments.startDate), desc(tournaments.id))
        .$dynamic(),
    q,
  );
  return { rows: rows.map((r) => ({ ...r, status: r.status as TournamentStatus })), total };
}

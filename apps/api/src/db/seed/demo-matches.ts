import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { PROTECTED_ROLE_ID, type MatchStatus, type TournamentStatus } from '@cricket/contracts';
import type { Db } from '../client';
import {
  communityPosts,
  dropdownOptions,
  matches,
  playerStats,
  teamPlayers,
  teams,
  tournaments,
  tournamentTeams,
  users,
} from '../schema';
import { prng } from './demo-users';

const DAY = 86_400_000;

/** name, status, first and last day relative to the seed's day; the number of matches. */
const SEASON: [string, TournamentStatus, number, number, number][] = [
  ['Winter Cup', 'completed', -240, -130, 24],
  ['Premier League', 'live', -120, 20, 30],
  ['Champions Trophy', 'upcoming', 35, 75, 6],
];

const VENUES = [
  'Wankhede Stadium, Mumbai',
  'Arun Jaitley Stadium, Delhi',
  'M. Chinnaswamy Stadium, Bengaluru',
  'M. A. Chidambaram Stadium, Chennai',
  'Eden Gardens, Kolkata',
  'Rajiv Gandhi International Stadium, Hyderabad',
  'Sawai Mansingh Stadium, Jaipur',
  'Narendra Modi Stadium, Ahmedabad',
];

const POSTS = [
  'What a finish last night! Still cannot believe that last-over chase.',
  'Nets session at 6 am tomorrow, all welcome. Bring your own pads.',
  'Who is your pick for player of the tournament so far?',
  'The pitch looked slow today; spinners will love the next game here.',
  'Great to see so many juniors at the ground this weekend.',
  'Rain delay again. Anyone know if the match will be rescheduled?',
  'That catch at deep midwicket deserves an award.',
  'Looking for a wicket-keeper for our Sunday league side.',
  'Our team bus leaves at 8. Do not be late this time!',
  'Scorecards are up. Some brilliant bowling figures in there.',
  'Thank you to the ground staff for getting the field ready so fast.',
  'First fifty of the season! Thanks everyone for the support.',
];

/**
 * A demo season (first start only, after the demo teams): three tournaments (one completed, one
 * live, one upcoming), matches between the active demo teams spread over the last eight months
 * and the next two, scorecards for eleven players of each side in every played match, and a few
 * dozen community posts. Dates are relative to `today`, so a new install's dashboard is current.
 */
export async function seedDemoMatches(db: Db, today = new Date()) {
  const teamRows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.isActive, true))
    .orderBy(asc(teams.id));
  if (teamRows.length < 2) return;
  const squads = await db
    .select({ teamId: teamPlayers.teamId, userId: teamPlayers.userId, role: dropdownOptions.name })
    .from(teamPlayers)
    .leftJoin(dropdownOptions, eq(dropdownOptions.id, teamPlayers.playerRole))
    .where(
      inArray(
        teamPlayers.teamId,
        teamRows.map((t) => t.id),
      ),
    )
    .orderBy(asc(teamPlayers.teamId), asc(teamPlayers.userId));

  const rnd = prng(20261123);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const startOfDay = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const dayIso = (offset: number) => new Date(startOfDay + offset * DAY).toISOString().slice(0, 10);

  for (const [name, status, first, last, count] of SEASON) {
    const [tournament] = await db
      .insert(tournaments)
      .values({ name, status, startDate: dayIso(first), endDate: dayIso(last) })
      .returning({ id: tournaments.id });
    const days = Array.from(
      { length: count },
      (_, i) => first + Math.round(((last - first) * i) / Math.max(1, count - 1)),
    );
    // A live tournament is playing its latest match that is due.
    const liveDay = status === 'live' ? Math.max(...days.filter((d) => d <= 0)) : undefined;
    for (const day of days) {
      // Evening starts, 14:00 UTC (19:30 in India).
      const scheduledAt = new Date(startOfDay + day * DAY + 14 * 3_600_000);
      const a = pick(teamRows).id;
      let b = pick(teamRows).id;
      while (b === a) b = pick(teamRows).id;
      let matchStatus: MatchStatus = 'upcoming';
      if (day === liveDay) matchStatus = 'live';
      else if (day <= 0) matchStatus = rnd() < 0.06 ? 'abandoned' : 'completed';
      const winner = matchStatus === 'completed' && rnd() > 0.04 ? (rnd() < 0.5 ? a : b) : null;
      const [match] = await db
        .insert(matches)
        .values({
          tournamentId: tournament!.id,
          teamAId: a,
          teamBId: b,
          scheduledAt,
          status: matchStatus,
          winnerTeamId: winner,
          venue: pick(VENUES),
        })
        .returning({ id: matches.id });
      await db
        .insert(tournamentTeams)
        .values([a, b].map((teamId) => ({ tournamentId: tournament!.id, teamId })))
        .onConflictDoNothing();
      if (matchStatus !== 'completed' && matchStatus !== 'live') continue;

      const seen = new Set<number>();
      const lines: (typeof playerStats.$inferInsert)[] = [];
      for (const teamId of [a, b]) {
        const eleven = squads
          .filter((p) => p.teamId === teamId && !seen.has(p.userId))
          .slice(0, 11);
        for (const p of eleven) {
          seen.add(p.userId);
          const bowls = p.role === 'Bowler' || p.role === 'All-rounder';
          const bats = p.role !== 'Bowler';
          lines.push({
            matchId: match!.id,
            userId: p.userId,
            teamId,
            runs: bats ? Math.floor(rnd() ** 2 * int(40, 110)) : int(0, 15),
            wickets: bowls ? Math.floor(rnd() ** 1.6 * 5) : 0,
          });
        }
      }
      if (lines.length) await db.insert(playerStats).values(lines);
    }
  }

  const authors = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'verified'), ne(users.roleId, PROTECTED_ROLE_ID)))
    .orderBy(asc(users.id))
    .limit(60);
  if (authors.length === 0) return;
  await db.insert(communityPosts).values(
    Array.from({ length: 36 }, (_, i) => {
      const createdAt = new Date(startOfDay - int(0, 180) * DAY + int(6, 22) * 3_600_000 + i);
      return { authorId: pick(authors).id, body: pick(POSTS), createdAt };
    }),
  );
}

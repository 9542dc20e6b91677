import { and, asc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  FIXTURE_MESSAGES,
  FIXTURE_START_TIME,
  RESULT_MESSAGES,
  TOURNAMENT_MESSAGES,
  roundLabel,
  type Fixture,
  type KnockoutBracket,
  type FixturePreview,
  type FixtureScheduleValues,
  type Innings,
  type PenaltyInput,
  type ResultValues,
  type Tournament,
  type TournamentValues,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import {
  availability,
  matches,
  teams,
  tournamentPenalties,
  tournamentTeams,
  tournaments,
} from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { rethrowRefusal } from '../../lib/pg-error';
import { nextVersion } from '../../lib/record-version';
import type { AuditWriter } from '../../plugins/audit';
import type { ProductSender } from '../../plugins/product-sends';
import { tellAskedOfChange } from './availability-repository';
import {
  checkRows,
  nameKey,
  readFixturesCsv,
  refusal,
  type CsvRow,
  type ImportContext,
} from './fixture-import';
import { bracketOf, firstRound, type Draw } from './knockout';
import { pointsTable, type CountedResult } from './points-table';
import { matchDates, roundRobin } from './round-robin';

type TournamentRow = typeof tournaments.$inferSelect;

const nameTaken = (err: unknown) =>
  rethrowRefusal(err, ({ code, constraint }) =>
    code === '23505' && constraint === 'tournaments_name_uq'
      ? conflict(TOURNAMENT_MESSAGES.nameTaken, { name: [TOURNAMENT_MESSAGES.nameTaken] })
      : undefined,
  );

async function teamsOf(db: Db, tournamentId: number) {
  return db
    .select({ id: teams.id, name: teams.name, location: teams.location })
    .from(tournamentTeams)
    .innerJoin(teams, eq(teams.id, tournamentTeams.teamId))
    .where(eq(tournamentTeams.tournamentId, tournamentId))
    .orderBy(asc(teams.name), asc(teams.id));
}

function toTournament(row: TournamentRow, teamList: { id: number; name: string }[]): Tournament {
  return {
    id: row.id,
    name: row.name,
    status: row.status as Tournament['status'],
    format: row.format as Tournament['format'],
    overs: row.overs,
    start_date: row.startDate,
    end_date: row.endDate,
    match_days: row.matchDays,
    points_win: row.pointsWin,
    points_tie: row.pointsTie,
    points_no_result: row.pointsNoResult,
    points_loss: row.pointsLoss,
    teams: teamList.map(({ id, name }) => ({ id, name })),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A tournament's row, held for the caller's transaction when `lock`; 404 when there is none. */
async function tournamentRow(tx: Db, id: number, lock = false) {
  const query = tx.select().from(tournaments).where(eq(tournaments.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(TOURNAMENT_MESSAGES.notFound);
  return row;
}

const lockTournament = (tx: Db, id: number) => tournamentRow(tx, id, true);

/**
 * A tournament's status follows its fixtures: upcoming until a result is in, completed once
 * every fixture has one (a knockout: once its final is decided, a team out per match), live in
 * between. Called by every write that adds fixtures or results; the tournament's row is locked
 * first so two results committed together both count. The dashboard's counts follow (trigger).
 */
async function refreshStatus(tx: Db, tournamentId: number) {
  await lockTournament(tx, tournamentId);
  await tx.execute(sql`
    update tournaments t set status = s.next
    from (
      select case
          when count(m.id) filter (where m.status <> 'upcoming') = 0 then 'upcoming'
          when count(m.id) filter (where m.status in ('completed', 'abandoned')) = count(m.id)
            and (t2.format = 'league'
              or count(m.id) filter (where m.winner_team_id is not null)
                = (select count(*) from tournament_teams tt where tt.tournament_id = t2.id) - 1)
            then 'completed'
          else 'live'
        end as next
      from tournaments t2 left join matches m on m.tournament_id = t2.id
      where t2.id = ${tournamentId}
      group by t2.id, t2.format
    ) s
    where t.id = ${tournamentId} and t.status <> s.next`);
}

export async function getTournament(db: Db, id: number): Promise<Tournament> {
  return toTournament(await tournamentRow(db, id), await teamsOf(db, id));
}

async function assertTeams(tx: Db, ids: readonly number[]) {
  const found = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(inArray(teams.id, [...ids]));
  if (found.length !== ids.length)
    throw badRequest(TOURNAMENT_MESSAGES.teamNotFound, {
      team_ids: [TOURNAMENT_MESSAGES.teamNotFound],
    });
}

const columnsOf = (v: TournamentValues) => ({
  name: v.name,
  format: v.format,
  overs: v.overs,
  startDate: v.start_date,
  endDate: v.end_date,
  matchDays: [...v.match_days].sort(),
  pointsWin: v.points_win,
  pointsTie: v.points_tie,
  pointsNoResult: v.points_no_result,
  pointsLoss: v.points_loss,
});

export function createTournament(db: Db, values: TournamentValues, audit: AuditWriter) {
  return db
    .transaction(async (tx) => {
      await assertTeams(tx, values.team_ids);
      const [row] = await tx.insert(tournaments).values(columnsOf(values)).returning();
      await tx
        .insert(tournamentTeams)
        .values(values.team_ids.map((teamId) => ({ tournamentId: row!.id, teamId })));
      const created = toTournament(row!, await teamsOf(tx, row!.id));
      await audit(tx, { entityId: created.id, action: 'create', after: created });
      return created;
    })
    .catch(nameTaken);
}

async function hasFixtures(tx: Db, tournamentId: number) {
  const [row] = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId))
    .limit(1);
  return row !== undefined;
}

export function updateTournament(db: Db, id: number, values: TournamentValues, audit: AuditWriter) {
  return db
    .transaction(async (tx) => {
      const current = await lockTournament(tx, id);
      const before = toTournament(current, await teamsOf(tx, id));
      if (current.format !== values.format && (await hasFixtures(tx, id)))
        throw conflict(TOURNAMENT_MESSAGES.formatLocked, {
          format: [TOURNAMENT_MESSAGES.formatLocked],
        });
      const sameTeams =
        before.teams.length === values.team_ids.length &&
        before.teams.every((t) => values.team_ids.includes(t.id));
      if (!sameTeams) {
        if (await hasFixtures(tx, id))
          throw conflict(TOURNAMENT_MESSAGES.teamsLocked, {
            team_ids: [TOURNAMENT_MESSAGES.teamsLocked],
          });
        await assertTeams(tx, values.team_ids);
        await tx.delete(tournamentTeams).where(eq(tournamentTeams.tournamentId, id));
        await tx
          .insert(tournamentTeams)
          .values(values.team_ids.map((teamId) => ({ tournamentId: id, teamId })));
      }
      const [row] = await tx
        .update(tournaments)
        .set({ ...columnsOf(values), updatedAt: nextVersion(tournaments.updatedAt) })
        .where(eq(tournaments.id, id))
        .returning();
      const updated = toTournament(row!, await teamsOf(tx, id));
      await audit(tx, { entityId: id, action: 'update', before, after: updated });
      return updated;
    })
    .catch(nameTaken);
}

const teamA = alias(teams, 'team_a');
const teamB = alias(teams, 'team_b');

const inningsOf = (runs: number | null, wickets: number | null, balls: number | null) =>
  runs === null || wickets === null || balls === null
    ? null
    : { runs, wickets, overs: Math.floor(balls / 6), balls: balls % 6 };

function fixtureSelect(db: Db) {
  return db
    .select({
      m: matches,
      a: { id: teamA.id, name: teamA.name },
      b: { id: teamB.id, name: teamB.name },
      availability: sql<Fixture['availability']>`(select json_object_agg(c.status, c.n)
        from (select a.status, count(*)::int as n from ${availability} a
              where a.match_id = ${matches.id} group by a.status) c)`,
    })
    .from(matches)
    .innerJoin(teamA, eq(teamA.id, matches.teamAId))
    .innerJoin(teamB, eq(teamB.id, matches.teamBId));
}

type FixtureRow = Awaited<ReturnType<ReturnType<typeof fixtureSelect>['execute']>>[number];

function toFixture({ m, a, b, availability: answered }: FixtureRow): Fixture {
  return {
    id: m.id,
    team_a: a,
    team_b: b,
    scheduled_at: m.scheduledAt.toISOString(),
    venue: m.venue,
    status: m.status as Fixture['status'],
    result_type: m.resultType as Fixture['result_type'],
    team_a_innings: inningsOf(m.teamARuns, m.teamAWickets, m.teamABalls),
    team_b_innings: inningsOf(m.teamBRuns, m.teamBWickets, m.teamBBalls),
    winner: m.winnerTeamId === null ? null : m.winnerTeamId === a.id ? a : b,
    team_a_confirmed: m.teamAConfirmedBy !== null,
    team_b_confirmed: m.teamBConfirmedBy !== null,
    locked: m.lockedAt !== null,
    availability: answered,
  };
}

export async function listFixtures(db: Db, tournamentId: number): Promise<Fixture[]> {
  const rows = await fixtureSelect(db)
    .where(eq(matches.tournamentId, tournamentId))
    .orderBy(asc(matches.scheduledAt), asc(matches.id));
  return rows.map(toFixture);
}

/** Fixtures by id, by start and then in the order they were made (a round's bracket order). */
async function fixturesByIds(tx: Db, ids: number[]) {
  const rows = await fixtureSelect(tx)
    .where(inArray(matches.id, ids))
    .orderBy(asc(matches.scheduledAt), asc(matches.id));
  return rows.map(toFixture);
}

/** Makes fixtures, each on its day at 10:00 UTC at the home team's ground. */
async function insertDraws(
  tx: Db,
  tournamentId: number,
  draws: (Draw & { day: string })[],
  grounds: ReadonlyMap<number, string>,
) {
  const made = await tx
    .insert(matches)
    .values(
      draws.map((d) => ({
        tournamentId,
        teamAId: d.home,
        teamBId: d.away,
        scheduledAt: new Date(`${d.day}T${FIXTURE_START_TIME}:00Z`),
        venue: grounds.get(d.home)!.slice(0, 120),
      })),
    )
    .returning({ id: matches.id });
  return fixturesByIds(
    tx,
    made.map((m) => m.id),
  );
}

const groundsOf = (teamList: { id: number; location: string }[]) =>
  new Map(teamList.map((team) => [team.id, team.location]));

/** Seeds best first: the teams by id, fixed once the tournament has fixtures (decision 077). */
const seedsOf = <T extends { id: number }>(teamList: readonly T[]) =>
  [...teamList].sort((x, y) => x.id - y.id);

/**
 * A league's round-robin: every pair of its teams once, a round per match day from its start,
 * at the home team's ground. A knockout's round 1 (decision 077). Refused when fixtures exist
 * or the dates hold too few match days.
 */
export function generateFixtures(db: Db, tournamentId: number, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    if (await hasFixtures(tx, tournamentId)) throw conflict(TOURNAMENT_MESSAGES.fixturesExist);
    const teamList = await teamsOf(tx, tournamentId);
    if (teamList.length < 2) throw conflict(TOURNAMENT_MESSAGES.teams);
    if (t.format === 'knockout') return drawFirstRound(tx, t, teamList, audit);
    const pairings = roundRobin(teamList.map((team) => team.id));
    const rounds = Math.max(...pairings.map((p) => p.round)) + 1;
    const dates = matchDates(t.startDate, t.endDate, t.matchDays, rounds);
    if (dates.length < rounds)
      throw conflict(TOURNAMENT_MESSAGES.notEnoughDays(rounds, dates.length));
    const made = await insertDraws(
      tx,
      tournamentId,
      pairings.map((p) => ({ home: p.home, away: p.away, day: dates[p.round]! })),
      groundsOf(teamList),
    );
    await refreshStatus(tx, tournamentId);
    await audit(tx, {
      entityId: tournamentId,
      action: 'fixtures_generate',
      after: { fixtures: made.length, rounds, first_day: dates[0], last_day: dates.at(-1) },
    });
    return made;
  });
}

async function drawFirstRound(
  tx: Db,
  t: TournamentRow,
  teamList: Awaited<ReturnType<typeof teamsOf>>,
  audit: AuditWriter,
) {
  const seeds = seedsOf(teamList).map((team) => team.id);
  const { roundsTotal } = bracketOf(seeds, []);
  // Every round needs its own day, so the dates must hold them all from the start.
  const dates = matchDates(t.startDate, t.endDate, t.matchDays, roundsTotal);
  if (dates.length < roundsTotal)
    throw conflict(TOURNAMENT_MESSAGES.knockoutNotEnoughDays(roundsTotal, dates.length));
  const { draws, byes } = firstRound(seeds);
  const made = await insertDraws(
    tx,
    t.id,
    draws.map((d) => ({ ...d, day: dates[0]! })),
    groundsOf(teamList),
  );
  await refreshStatus(tx, t.id);
  await audit(tx, {
    entityId: t.id,
    action: 'fixtures_generate',
    after: { fixtures: made.length, rounds: roundsTotal, byes, first_day: dates[0] },
  });
  return made;
}

function bracketFor(teamList: readonly { id: number }[], fixtures: readonly Fixture[]) {
  return bracketOf(
    seedsOf(teamList).map((team) => team.id),
    fixtures.map((f) => ({
      id: f.id,
      teamA: f.team_a.id,
      teamB: f.team_b.id,
      winner: f.winner?.id ?? null,
      locked: f.locked,
    })),
  );
}

/** A knockout's rounds as the tournament page shows them; null for a league. */
export function knockoutBracketOf(t: Tournament, fixtures: Fixture[]): KnockoutBracket | null {
  if (t.format !== 'knockout') return null;
  const seeds = seedsOf(t.teams);
  const bracket = bracketFor(seeds, fixtures);
  const byId = new Map(seeds.map((team) => [team.id, team]));
  return {
    seeds,
    rounds_total: bracket.roundsTotal,
    rounds: bracket.rounds.map((r) => ({
      round: r.round,
      label: roundLabel(r.round, bracket.roundsTotal),
      fixture_ids: r.fixtureIds,
      byes: r.byes.map((id) => byId.get(id)!),
    })),
    next_round_ready: bracket.next !== null,
    winner: bracket.winner === null ? null : byId.get(bracket.winner)!,
  };
}

/** A knockout's bracket read inside a transaction, with its teams' grounds. */
async function bracketIn(tx: Db, t: TournamentRow) {
  const teamList = await teamsOf(tx, t.id);
  const fixtures = await listFixtures(tx, t.id);
  return { bracket: bracketFor(teamList, fixtures), fixtures, teamList };
}

/**
 * Draws a knockout's next round once every match of the last one has a confirmed winner: the
 * winners (and round 1's byes) in bracket order, on the next match day after the last round's.
 */
export function drawNextRound(db: Db, tournamentId: number, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    if (t.format !== 'knockout') throw conflict(TOURNAMENT_MESSAGES.notKnockout);
    const { bracket, fixtures, teamList } = await bracketIn(tx, t);
    const last = bracket.rounds.at(-1);
    if (!last) throw conflict(TOURNAMENT_MESSAGES.notDrawn);
    if (bracket.winner !== null) {
      const winner = teamList.find((team) => team.id === bracket.winner)!;
      throw conflict(TOURNAMENT_MESSAGES.finalPlayed(winner.name));
    }
    if (!bracket.next) throw conflict(TOURNAMENT_MESSAGES.roundIncomplete);
    // A fixture of the last round may have been moved: the next round follows its latest.
    const lastDay = fixtures
      .filter((f) => last.fixtureIds.includes(f.id))
      .map((f) => f.scheduled_at.slice(0, 10))
      .sort()
      .at(-1)!;
    const from = new Date(`${lastDay}T00:00:00Z`);
    from.setUTCDate(from.getUTCDate() + 1);
    const [day] = matchDates(from.toISOString().slice(0, 10), t.endDate, t.matchDays, 1);
    if (!day) throw conflict(TOURNAMENT_MESSAGES.noMatchDayLeft);
    const round = last.round + 1;
    const label = roundLabel(round, bracket.roundsTotal);
    const made = await insertDraws(
      tx,
      t.id,
      bracket.next.map((d) => ({ ...d, day })),
      groundsOf(teamList),
    );
    await refreshStatus(tx, t.id);
    await audit(tx, {
      entityId: t.id,
      action: 'fixtures_next_round',
      after: { round: label, fixtures: made.length, day },
    });
    return { label, fixtures: made };
  });
}

/**
 * The days (UTC) on which each of these teams has a fixture, of any tournament, from `from` up to
 * `until`, as `${teamId} ${YYYY-MM-DD}`; `except` leaves out the fixture being moved.
 */
async function busyDays(tx: Db, teamIds: number[], from: Date, until: Date, except?: number) {
  const taken = await tx
    .select({
      a: matches.teamAId,
      b: matches.teamBId,
      day: sql<string>`to_char(${matches.scheduledAt} at time zone 'UTC', 'YYYY-MM-DD')`,
    })
    .from(matches)
    .where(
      and(
        or(inArray(matches.teamAId, teamIds), inArray(matches.teamBId, teamIds)),
        gte(matches.scheduledAt, from),
        lt(matches.scheduledAt, until),
        except === undefined ? undefined : ne(matches.id, except),
      ),
    );
  return new Set(taken.flatMap((m) => [`${m.a} ${m.day}`, `${m.b} ${m.day}`]));
}

/**
 * What a fixtures CSV is checked against: the tournament's teams, any other team the file names
 * (to say it is not in the tournament rather than unknown), and each of the tournament's teams'
 * days already taken by a fixture of any tournament.
 */
async function importContext(tx: Db, t: TournamentRow, rows: CsvRow[]): Promise<ImportContext> {
  const own = await teamsOf(tx, t.id);
  const byKey = new Map(own.map((team) => [nameKey(team.name), team]));
  const strangers = [
    ...new Set(
      rows.flatMap((r) =>
        [r.cells['home team'] ?? '', r.cells['away team'] ?? ''].filter(Boolean).map(nameKey),
      ),
    ),
  ].filter((key) => !byKey.has(key));
  const outsiders =
    strangers.length === 0
      ? []
      : await tx
          .select({ name: teams.name })
          .from(teams)
          .where(inArray(sql`lower(${teams.name})`, strangers));
  const dayAfterEnd = new Date(`${t.endDate}T00:00:00Z`);
  dayAfterEnd.setUTCDate(dayAfterEnd.getUTCDate() + 1);
  const busy = await busyDays(
    tx,
    own.map((team) => team.id),
    new Date(`${t.startDate}T00:00:00Z`),
    dayAfterEnd,
  );
  return {
    startDate: t.startDate,
    endDate: t.endDate,
    teams: byKey,
    outsiders: new Map(outsiders.map((o) => [nameKey(o.name), o.name])),
    busy,
  };
}

/** The fixtures a CSV makes in a tournament; a 400 naming every bad line if it has any. */
async function planImport(tx: Db, t: TournamentRow, csv: string) {
  const { rows, problems } = readFixturesCsv(csv);
  const planned = checkRows(rows, await importContext(tx, t, rows), problems);
  if (problems.size > 0) throw refusal(problems);
  return planned;
}

/** A fixtures CSV's dry run: what it would make, or the same 400 an import would answer. */
export async function previewFixtureImport(
  db: Db,
  tournamentId: number,
  csv: string,
): Promise<FixturePreview[]> {
  const planned = await planImport(db, await tournamentRow(db, tournamentId), csv);
  return planned.map((p) => ({
    line: p.line,
    team_a: { id: p.home.id, name: p.home.name },
    team_b: { id: p.away.id, name: p.away.name },
    scheduled_at: p.scheduledAt.toISOString(),
    venue: p.venue,
  }));
}

/**
 * Imports a fixtures CSV: every row or none. The tournament is held meanwhile, so two imports
 * (or an import and a generate) cannot both take one team's day.
 */
export function importFixtures(db: Db, tournamentId: number, csv: string, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    const planned = await planImport(tx, await lockTournament(tx, tournamentId), csv);
    const made = await tx
      .insert(matches)
      .values(
        planned.map((p) => ({
          tournamentId,
          teamAId: p.home.id,
          teamBId: p.away.id,
          scheduledAt: p.scheduledAt,
          venue: p.venue,
        })),
      )
      .returning({ id: matches.id });
    await refreshStatus(tx, tournamentId);
    const days = planned.map((p) => p.scheduledAt.toISOString().slice(0, 10)).sort();
    await audit(tx, {
      entityId: tournamentId,
      action: 'fixtures_import',
      after: { fixtures: made.length, first_day: days[0], last_day: days.at(-1) },
    });
    return fixturesByIds(
      tx,
      made.map((m) => m.id),
    );
  });
}

async function lockMatch(tx: Db, id: number) {
  const [row] = await tx
    .select({
      m: matches,
      overs: tournaments.overs,
      format: tournaments.format,
      startDate: tournaments.startDate,
      endDate: tournaments.endDate,
    })
    .from(matches)
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .where(eq(matches.id, id))
    .for('update', { of: matches });
  if (!row) throw notFound(RESULT_MESSAGES.matchNotFound);
  return row;
}

async function fixtureById(tx: Db, id: number) {
  const [row] = await fixtureSelect(tx).where(eq(matches.id, id));
  return toFixture(row!);
}

/**
 * Moves a fixture to another time or venue until its result is confirmed (locked). Everyone
 * asked about its availability is told of a change; nobody is told of none. Within the
 * tournament's dates, and not onto a day either team already plays.
 */
export function moveFixture(
  db: Db,
  matchId: number,
  values: FixtureScheduleValues,
  userId: number,
  send: ProductSender,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const { m, startDate, endDate } = await lockMatch(tx, matchId);
    if (m.lockedAt !== null) throw conflict(FIXTURE_MESSAGES.locked);
    const at = new Date(values.scheduled_at);
    const day = at.toISOString().slice(0, 10);
    const was = { scheduledAt: m.scheduledAt, venue: m.venue };
    const before = { scheduled_at: was.scheduledAt.toISOString(), venue: was.venue };
    const after = { scheduled_at: at.toISOString(), venue: values.venue };
    const moved = before.scheduled_at !== after.scheduled_at || before.venue !== after.venue;
    // Only a new day is checked: a day kept may be how the fixtures were seeded.
    if (day !== before.scheduled_at.slice(0, 10)) {
      if (day < startDate || day > endDate) {
        const message = FIXTURE_MESSAGES.dateOutside(startDate, endDate);
        throw badRequest(message, { scheduled_at: [message] });
      }
      const from = new Date(`${day}T00:00:00Z`);
      const until = new Date(from.getTime() + 86_400_000);
      const busy = await busyDays(tx, [m.teamAId, m.teamBId], from, until, matchId);
      const f = await fixtureById(tx, matchId);
      for (const team of [f.team_a, f.team_b])
        if (busy.has(`${team.id} ${day}`)) {
          const message = FIXTURE_MESSAGES.teamBusy(team.name, day);
          throw conflict(message, { scheduled_at: [message] });
        }
    }
    let told = { told: 0, sendId: null as number | null };
    if (moved) {
      await tx
        .update(matches)
        .set({ scheduledAt: at, venue: values.venue, updatedAt: nextVersion(matches.updatedAt) })
        .where(eq(matches.id, matchId));
      told = await tellAskedOfChange(tx, matchId, was, userId, send);
    }
    // Nothing changed writes no record (the audit writer drops a change of no field).
    await audit(tx, {
      entityId: matchId,
      action: 'fixture_update',
      before,
      after: told.sendId === null ? after : { ...after, notified: told.told, send_id: told.sendId },
    });
    return { fixture: await fixtureById(tx, matchId), moved, told: told.told };
  });
}

const ballsOf = (i: Innings | null) => (i ? i.overs * 6 + i.balls : null);

/**
 * A knockout match needs a winner (decision 077): no result is refused, and a tie names the
 * winner of its super over or bowl-out, one of the two teams.
 */
function knockoutResultRule(
  type: ResultValues['result_type'],
  named: number | null,
  m: { teamAId: number; teamBId: number },
) {
  if (type === 'no_result')
    throw badRequest(RESULT_MESSAGES.knockoutNeedsWinner, {
      result_type: [RESULT_MESSAGES.knockoutNeedsWinner],
    });
  if (type === 'tie' && named === null)
    throw badRequest(RESULT_MESSAGES.knockoutNeedsWinner, {
      winner_team_id: [RESULT_MESSAGES.knockoutNeedsWinner],
    });
  if (named !== null && named !== m.teamAId && named !== m.teamBId)
    throw badRequest(RESULT_MESSAGES.winnerNotPlaying, {
      winner_team_id: [RESULT_MESSAGES.winnerNotPlaying],
    });
}

/**
 * Enters (or corrects) a match's result. A new result waits for both teams' confirmations again;
 * a confirmed (locked) one changes only for an administrator (`mayChangeLocked`), with a reason,
 * and stays locked.
 */
export function enterResult(
  db: Db,
  matchId: number,
  values: ResultValues,
  mayChangeLocked: boolean,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const { m, overs, format } = await lockMatch(tx, matchId);
    const locked = m.lockedAt !== null;
    if (locked && !mayChangeLocked) throw conflict(RESULT_MESSAGES.locked);
    if (locked && !values.reason)
      throw badRequest(RESULT_MESSAGES.reasonRequired, {
        reason: [RESULT_MESSAGES.reasonRequired],
      });
    for (const side of ['team_a', 'team_b'] as const) {
      const i = values[side];
      if (i && (i.overs > overs || (i.overs === overs && i.balls > 0)))
        throw badRequest(RESULT_MESSAGES.oversBeyondQuota(overs), {
          [`${side}.overs`]: [RESULT_MESSAGES.oversBeyondQuota(overs)],
        });
    }
    const before = await fixtureById(tx, matchId);
    const a = values.result_type === 'no_result' ? null : values.team_a;
    const b = values.result_type === 'no_result' ? null : values.team_b;
    const named = values.winner_team_id ?? null;
    if (format === 'knockout') knockoutResultRule(values.result_type, named, m);
    else if (named !== null)
      throw badRequest(RESULT_MESSAGES.winnerOnlyForKnockoutTie, {
        winner_team_id: [RESULT_MESSAGES.winnerOnlyForKnockoutTie],
      });
    const winner =
      values.result_type === 'win' && a && b
        ? a.runs > b.runs
          ? m.teamAId
          : m.teamBId
        : values.result_type === 'tie'
          ? named
          : null;
    if (format === 'knockout' && locked && winner !== m.winnerTeamId) {
      const t = await tournamentRow(tx, m.tournamentId);
      const { bracket } = await bracketIn(tx, t);
      const at = bracket.rounds.findIndex((r) => r.fixtureIds.includes(matchId));
      // The winner is already through to a drawn round: changing it would unpick the draw.
      if (at !== -1 && at < bracket.rounds.length - 1) throw conflict(RESULT_MESSAGES.winnerFixed);
    }
    await tx
      .update(matches)
      .set({
        resultType: values.result_type,
        status: values.result_type === 'no_result' ? 'abandoned' : 'completed',
        winnerTeamId: winner,
        teamARuns: a?.runs ?? null,
        teamAWickets: a?.wickets ?? null,
        teamABalls: ballsOf(a),
        teamBRuns: b?.runs ?? null,
        teamBWickets: b?.wickets ?? null,
        teamBBalls: ballsOf(b),
        ...(locked
          ? {}
          : {
              teamAConfirmedBy: null,
              teamAConfirmedAt: null,
              teamBConfirmedBy: null,
              teamBConfirmedAt: null,
            }),
        updatedAt: nextVersion(matches.updatedAt),
      })
      .where(eq(matches.id, matchId));
    await refreshStatus(tx, m.tournamentId);
    const after = await fixtureById(tx, matchId);
    await audit(tx, {
      entityId: matchId,
      action: 'result_enter',
      before,
      after: locked ? { ...after, reason: values.reason } : after,
    });
    return after;
  });
}

/**
 * A team's owner confirms the entered result for their side; an administrator (`confirmsAll`)
 * confirms both. With both sides confirmed the result locks and counts in the points table.
 */
export function confirmResult(
  db: Db,
  matchId: number,
  userId: number,
  confirmsAll: boolean,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const { m } = await lockMatch(tx, matchId);
    if (m.resultType === null) throw conflict(RESULT_MESSAGES.noResultToConfirm);
    const owners = await tx
      .select({ id: teams.id, ownerId: teams.ownerId })
      .from(teams)
      .where(or(eq(teams.id, m.teamAId), eq(teams.id, m.teamBId)));
    const owns = (teamId: number) => owners.some((t) => t.id === teamId && t.ownerId === userId);
    const sideA = confirmsAll || owns(m.teamAId);
    const sideB = confirmsAll || owns(m.teamBId);
    if (!sideA && !sideB) throw forbidden(RESULT_MESSAGES.notAllowedToConfirm);
    const newA = sideA && m.teamAConfirmedBy === null;
    const newB = sideB && m.teamBConfirmedBy === null;
    if (!newA && !newB) throw conflict(RESULT_MESSAGES.alreadyConfirmed);
    const now = sql`now()`;
    const confirmedA = newA || m.teamAConfirmedBy !== null;
    const confirmedB = newB || m.teamBConfirmedBy !== null;
    await tx
      .update(matches)
      .set({
        ...(newA ? { teamAConfirmedBy: userId, teamAConfirmedAt: now } : {}),
        ...(newB ? { teamBConfirmedBy: userId, teamBConfirmedAt: now } : {}),
        ...(confirmedA && confirmedB ? { lockedAt: now } : {}),
        updatedAt: nextVersion(matches.updatedAt),
      })
      .where(eq(matches.id, matchId));
    const after = await fixtureById(tx, matchId);
    await audit(tx, {
      entityId: matchId,
      action: 'result_confirm',
      after: {
        team_a_confirmed: after.team_a_confirmed,
        team_b_confirmed: after.team_b_confirmed,
        locked: after.locked,
      },
    });
    return after;
  });
}

export async function getPointsTable(db: Db, tournamentId: number) {
  const t = await tournamentRow(db, tournamentId);
  if (t.format === 'knockout') throw conflict(TOURNAMENT_MESSAGES.noPointsTable);
  const [teamList, confirmed, penalties] = await Promise.all([
    teamsOf(db, tournamentId),
    db
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.tournamentId, tournamentId),
          sql`${matches.lockedAt} is not null and ${matches.resultType} is not null`,
        ),
      ),
    db
      .select({
        teamId: tournamentPenalties.teamId,
        points: sql<number>`sum(${tournamentPenalties.points})::int`,
      })
      .from(tournamentPenalties)
      .where(eq(tournamentPenalties.tournamentId, tournamentId))
      .groupBy(tournamentPenalties.teamId),
  ]);
  const results: CountedResult[] = confirmed.map((m) => ({
    teamA: m.teamAId,
    teamB: m.teamBId,
    resultType: m.resultType as CountedResult['resultType'],
    a: inningsOf(m.teamARuns, m.teamAWickets, m.teamABalls),
    b: inningsOf(m.teamBRuns, m.teamBWickets, m.teamBBalls),
  }));
  return pointsTable(teamList, results, new Map(penalties.map((p) => [p.teamId, p.points])), {
    overs: t.overs,
    win: t.pointsWin,
    tie: t.pointsTie,
    noResult: t.pointsNoResult,
    loss: t.pointsLoss,
  });
}

export function addPenalty(
  db: Db,
  tournamentId: number,
  values: PenaltyInput,
  userId: number,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    await lockTournament(tx, tournamentId);
    const [plays] = await tx
      .select({ teamId: tournamentTeams.teamId })
      .from(tournamentTeams)
      .where(
        and(
          eq(tournamentTeams.tournamentId, tournamentId),
          eq(tournamentTeams.teamId, values.team_id),
        ),
      );
    if (!plays)
      throw badRequest(TOURNAMENT_MESSAGES.teamNotInTournament, {
        team_id: [TOURNAMENT_MESSAGES.teamNotInTournament],
      });
    await tx.insert(tournamentPenalties).values({
      tournamentId,
      teamId: values.team_id,
      points: values.points,
      reason: values.reason,
      createdBy: userId,
    });
    await audit(tx, { entityId: tournamentId, action: 'penalty_add', after: values });
  });
}

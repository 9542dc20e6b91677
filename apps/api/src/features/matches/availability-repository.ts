import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AVAILABILITY_ANSWERS,
  AVAILABILITY_LABELS,
  AVAILABILITY_LINK_VARIABLES,
  AVAILABILITY_MESSAGES,
  RESULT_MESSAGES,
  type AvailabilityAnswer,
  type AvailabilityAskValues,
  type AvailabilityPage,
  type AvailabilityStatus,
  type FixtureAvailability,
  type SelectionSlot,
} from '@cricket/contracts';
import { queryRows, type Db } from '../../db/client';
import {
  availability,
  availabilityAsks,
  matches,
  selections,
  teamPlayers,
  teamSheets,
  teams,
  users,
} from '../../db/schema';
import { assertTemplateTopic } from '../../lib/consent';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { AuditWriter } from '../../plugins/audit';
import type { ProductSender } from '../../plugins/product-sends';

import { whenUtc } from './wording';

const teamA = alias(teams, 'team_a');
const teamB = alias(teams, 'team_b');

/** The fixture an ask or an answer is about, with both teams' names. */
async function fixtureOf(db: Db, matchId: number, lock = false) {
  const query = db
    .select({
      id: matches.id,
      status: matches.status,
      scheduledAt: matches.scheduledAt,
      venue: matches.venue,
      teamAId: matches.teamAId,
      teamBId: matches.teamBId,
      teamA: teamA.name,
      teamB: teamB.name,
    })
    .from(matches)
    .innerJoin(teamA, eq(teamA.id, matches.teamAId))
    .innerJoin(teamB, eq(teamB.id, matches.teamBId))
    .where(eq(matches.id, matchId));
  const [row] = lock ? await query.for('update', { of: matches }) : await query;
  if (!row) throw notFound(RESULT_MESSAGES.matchNotFound);
  return row;
}

type FixtureRow = Awaited<ReturnType<typeof fixtureOf>>;

/** Answers are taken until the match starts (or it is played, or abandoned). */
const isOpen = (f: FixtureRow, now: Date) =>
  f.status === 'upcoming' && f.scheduledAt.getTime() > now.getTime();

/** A team's answers close once its sheet for the fixture is out. */
async function sheetOut(db: Db, matchId: number, teamId: number) {
  const [row] = await db
    .select({ at: teamSheets.publishedAt })
    .from(teamSheets)
    .where(and(eq(teamSheets.matchId, matchId), eq(teamSheets.teamId, teamId)));
  return row !== undefined;
}

/** Each person's own three answer links, filled in by the delivery worker, a line each. */
const answerLinks = () =>
  AVAILABILITY_ANSWERS.map(
    (a) => `${AVAILABILITY_LABELS[a]}: {{${AVAILABILITY_LINK_VARIABLES[a]}}}`,
  );

/** The ask's text. */
function askMessage(f: FixtureRow, deadline: Date, reminder: boolean) {
  const title = `${f.teamA} v ${f.teamB}`;
  return {
    name: `${reminder ? 'Availability reminder' : 'Availability'}: ${title}`.slice(0, 100),
    subject:
      `${reminder ? 'Reminder: are' : 'Are'} you available? ${title}, ${whenUtc(f.scheduledAt)}`.slice(
        0,
        200,
      ),
    message: [
      'Hi {{first_name}},',
      '',
      `${title} is at ${f.venue} on ${whenUtc(f.scheduledAt)}.`,
      `${reminder ? 'We have not heard from you yet. ' : ''}Are you available? Please answer by ${whenUtc(deadline)}:`,
      '',
      ...answerLinks(),
      '',
      'You can change your answer until the match starts.',
    ].join('\n'),
  };
}

/** The text telling those asked that their fixture moved: where and when, then and now. */
function changeMessage(f: FixtureRow, was: { scheduledAt: Date; venue: string }) {
  const title = `${f.teamA} v ${f.teamB}`;
  return {
    name: `Fixture changed: ${title}`.slice(0, 100),
    subject: `Changed: ${title}, now ${whenUtc(f.scheduledAt)} at ${f.venue}`.slice(0, 200),
    message: [
      'Hi {{first_name}},',
      '',
      `${title} has changed.`,
      `Now: ${whenUtc(f.scheduledAt)} at ${f.venue}`,
      `Was: ${whenUtc(was.scheduledAt)} at ${was.venue}`,
      '',
      'You were asked whether you are available. Your answer stands; to change it:',
      '',
      ...answerLinks(),
    ].join('\n'),
  };
}

/**
 * The topic an ask was sent under (its first send about the fixture), for its reminder and any
 * notice of a change: what the players said yes or no to stays the same (decision 078).
 */
async function askTopic(tx: Db, matchId: number) {
  const [first] = await queryRows<{ topic_id: number | null }>(
    tx,
    sql`select topic_id from notification_sends where match_id = ${matchId} order by id limit 1`,
  );
  return first?.topic_id ?? null;
}

/**
 * Tells everyone asked about a fixture's availability, whatever they answered, that its time or
 * venue changed: one send through the product's sends (consent and suppression apply), with their
 * answer links again, which still answer (a link names the fixture and the person, not the time).
 * Answers how many were told and the send, none when nobody was asked.
 */
export async function tellAskedOfChange(
  tx: Db,
  matchId: number,
  was: { scheduledAt: Date; venue: string },
  userId: number,
  send: ProductSender,
) {
  const asked = await tx
    .select({ userId: availability.userId })
    .from(availability)
    .where(eq(availability.matchId, matchId));
  if (asked.length === 0) return { told: 0, sendId: null };
  const sent = await send(tx, {
    ...changeMessage(await fixtureOf(tx, matchId), was),
    recipientIds: asked.map((a) => a.userId),
    matchId,
    topicId: await askTopic(tx, matchId),
    createdBy: userId,
  });
  return { told: asked.length, sendId: sent.id };
}

/**
 * Asks both squads of an upcoming fixture whether they are available: a pending answer for
 * each player, and one email each (through the product's sends, so consent and suppression
 * apply) with their signed links. Once per fixture.
 */
export function askAvailability(
  db: Db,
  matchId: number,
  values: AvailabilityAskValues,
  userId: number,
  now: Date,
  send: ProductSender,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const f = await fixtureOf(tx, matchId, true);
    if (!isOpen(f, now)) throw conflict(AVAILABILITY_MESSAGES.notUpcoming);
    await assertTemplateTopic(tx, values.topic_id);
    const deadline = new Date(values.deadline);
    if (deadline.getTime() <= now.getTime())
      throw badRequest(AVAILABILITY_MESSAGES.deadlinePast, {
        deadline: [AVAILABILITY_MESSAGES.deadlinePast],
      });
    if (deadline.getTime() > f.scheduledAt.getTime())
      throw badRequest(AVAILABILITY_MESSAGES.deadlineAfterStart, {
        deadline: [AVAILABILITY_MESSAGES.deadlineAfterStart],
      });
    // The WhatsApp template the ask goes by, if any; its reminder reuses it.
    const whatsapp = values.wa_template_id
      ? { templateId: values.wa_template_id, variables: values.wa_variables }
      : null;
    const asked = await tx
      .insert(availabilityAsks)
      .values({
        matchId,
        deadline,
        remindHoursBefore: values.remind_hours_before,
        askedBy: userId,
        askedAt: now,
        waTemplateId: whatsapp?.templateId ?? null,
        waVariables: whatsapp?.variables ?? {},
      })
      .onConflictDoNothing()
      .returning({ matchId: availabilityAsks.matchId });
    if (asked.length === 0) throw conflict(AVAILABILITY_MESSAGES.alreadyAsked);
    const players = await tx
      .insert(availability)
      .select(
        tx
          .select({
            matchId: sql<number>`${matchId}`.as('match_id'),
            userId: teamPlayers.userId,
            teamId: teamPlayers.teamId,
            status: sql<string>`'pending'`.as('status'),
            answeredAt: sql<null>`null`.as('answered_at'),
          })
          .from(teamPlayers)
          .innerJoin(users, eq(users.id, teamPlayers.userId))
          .where(
            and(
              inArray(teamPlayers.teamId, [f.teamAId, f.teamBId]),
              sql`${users.erasedAt} is null`,
            ),
          ),
      )
      .onConflictDoNothing()
      .returning({ userId: availability.userId });
    if (players.length === 0) throw conflict(AVAILABILITY_MESSAGES.noSquad);
    const sent = await send(tx, {
      ...askMessage(f, deadline, false),
      recipientIds: players.map((p) => p.userId),
      matchId,
      topicId: values.topic_id,
      whatsapp,
      createdBy: userId,
    });
    await audit(tx, {
      entityId: matchId,
      action: 'availability_ask',
      after: {
        players: players.length,
        deadline: deadline.toISOString(),
        remind_hours_before: values.remind_hours_before,
        send_id: sent.id,
        ...(whatsapp
          ? { wa_template_id: whatsapp.templateId, wa_variables: whatsapp.variables }
          : {}),
      },
    });
    return players.length;
  });
}

/**
 * Reminds, once, the players who have not answered an ask whose reminder time (its deadline
 * less its hours) has come; the claim on each ask is its update, so two instances never both
 * remind. Answers how many asks were reminded.
 */
export async function remindDue(db: Db, now: Date, send: ProductSender) {
  let reminded = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [ask] = await tx
        .select()
        .from(availabilityAsks)
        .where(
          sql`${availabilityAsks.remindedAt} is null
            and ${availabilityAsks.deadline} - make_interval(hours => ${availabilityAsks.remindHoursBefore}) <= ${now.toISOString()}::timestamptz`,
        )
        .orderBy(asc(availabilityAsks.deadline))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!ask) return false;
      await tx
        .update(availabilityAsks)
        .set({ remindedAt: now })
        .where(eq(availabilityAsks.matchId, ask.matchId));
      const f = await fixtureOf(tx, ask.matchId);
      // Past the deadline or the start, a reminder would only be noise.
      if (!isOpen(f, now) || ask.deadline.getTime() <= now.getTime()) return true;
      const pending = await tx
        .select({ userId: availability.userId })
        .from(availability)
        .where(and(eq(availability.matchId, ask.matchId), eq(availability.status, 'pending')));
      if (pending.length > 0)
        await send(tx, {
          ...askMessage(f, ask.deadline, true),
          recipientIds: pending.map((p) => p.userId),
          matchId: ask.matchId,
          topicId: await askTopic(tx, ask.matchId),
          // A template deleted or no longer approved since the ask leaves email and SMS.
          whatsapp: ask.waTemplateId
            ? { templateId: ask.waTemplateId, variables: ask.waVariables, fallBack: true }
            : null,
          createdBy: ask.askedBy,
        });
      return true;
    });
    if (!done) return reminded;
    reminded++;
  }
}

export async function getFixtureAvailability(
  db: Db,
  matchId: number,
): Promise<FixtureAvailability> {
  await fixtureOf(db, matchId);
  const [ask] = await db
    .select()
    .from(availabilityAsks)
    .where(eq(availabilityAsks.matchId, matchId));
  const players = await db
    .select({
      user_id: availability.userId,
      name: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
      team_id: availability.teamId,
      status: availability.status,
      answered_at: availability.answeredAt,
    })
    .from(availability)
    .innerJoin(users, eq(users.id, availability.userId))
    .where(eq(availability.matchId, matchId))
    .orderBy(asc(availability.teamId), asc(users.firstName), asc(users.lastName), asc(users.id));
  return {
    asked_at: ask?.askedAt.toISOString() ?? null,
    deadline: ask?.deadline.toISOString() ?? null,
    remind_hours_before: ask?.remindHoursBefore ?? null,
    reminded_at: ask?.remindedAt?.toISOString() ?? null,
    players: players.map((p) => ({
      ...p,
      status: p.status as AvailabilityStatus,
      answered_at: p.answered_at?.toISOString() ?? null,
    })),
  };
}

/**
 * A team's availability grid over a tournament's fixtures: one row per player asked for any of
 * them, one answer per fixture they were asked about.
 */
export async function teamAvailabilityGrid(db: Db, tournamentId: number, teamId: number) {
  const rows = await db
    .select({
      matchId: availability.matchId,
      userId: availability.userId,
      name: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
      status: availability.status,
    })
    .from(availability)
    .innerJoin(matches, eq(matches.id, availability.matchId))
    .innerJoin(users, eq(users.id, availability.userId))
    .where(and(eq(matches.tournamentId, tournamentId), eq(availability.teamId, teamId)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const players = new Map<
    number,
    { user_id: number; name: string; answers: Record<string, AvailabilityStatus> }
  >();
  for (const r of rows) {
    const p = players.get(r.userId) ?? { user_id: r.userId, name: r.name, answers: {} };
    p.answers[String(r.matchId)] = r.status as AvailabilityStatus;
    players.set(r.userId, p);
  }
  return [...players.values()];
}

/** What the public page shows for a token's fixture and person; null when they were not asked. */
export async function availabilityPageOf(
  db: Db,
  target: { matchId: number; userId: number },
  now: Date,
): Promise<AvailabilityPage | null> {
  const [row] = await db
    .select({
      status: availability.status,
      player: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
      team: teams.name,
      teamId: availability.teamId,
    })
    .from(availability)
    .innerJoin(users, eq(users.id, availability.userId))
    .innerJoin(teams, eq(teams.id, availability.teamId))
    .where(and(eq(availability.matchId, target.matchId), eq(availability.userId, target.userId)));
  if (!row) return null;
  const f = await fixtureOf(db, target.matchId);
  const out = await sheetOut(db, target.matchId, row.teamId);
  const [place] = await db
    .select({ slot: selections.slot, withdrawnAt: selections.withdrawnAt })
    .from(selections)
    .where(and(eq(selections.matchId, target.matchId), eq(selections.userId, target.userId)));
  return {
    player: row.player,
    team: row.team,
    match: `${f.teamA} v ${f.teamB}`,
    scheduled_at: f.scheduledAt.toISOString(),
    venue: f.venue,
    status: row.status as AvailabilityStatus,
    open: isOpen(f, now) && !out,
    picked: out ? ((place?.slot as SelectionSlot | undefined) ?? null) : null,
    can_withdraw: isOpen(f, now) && out && place !== undefined && place.withdrawnAt === null,
    withdrawn: place?.withdrawnAt != null,
  };
}

/**
 * Records (or changes) a person's answer while answers are open; false when not asked. Once
 * the team's sheet is out, answers are closed, except that a picked player saying Not available
 * withdraws from the sheet (`withdraw`, decision 076).
 */
export async function answerAvailability(
  db: Db,
  target: { matchId: number; userId: number },
  answer: AvailabilityAnswer,
  now: Date,
  withdraw: (tx: Db) => Promise<boolean>,
) {
  return db.transaction(async (tx) => {
    const f = await fixtureOf(tx, target.matchId);
    const [mine] = await tx
      .select({ teamId: availability.teamId })
      .from(availability)
      .where(and(eq(availability.matchId, target.matchId), eq(availability.userId, target.userId)));
    if (!mine) return false;
    if (!isOpen(f, now)) throw conflict(AVAILABILITY_MESSAGES.closed);
    if (await sheetOut(tx, target.matchId, mine.teamId)) {
      if (answer === 'not_available' && (await withdraw(tx))) return true;
      throw conflict(AVAILABILITY_MESSAGES.closed);
    }
    await tx
      .update(availability)
      .set({ status: answer, answeredAt: now })
      .where(
        and(
          eq(availability.matchId, target.matchId),
          eq(availability.userId, target.userId),
          or(sql`${availability.status} <> ${answer}`, sql`${availability.answeredAt} is null`),
        ),
      );
    return true;
  });
}

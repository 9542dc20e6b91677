import { and, asc, eq, sql } from 'drizzle-orm';
import {
  RESULT_MESSAGES,
  SELECTION_MESSAGES,
  SELECTION_SLOT_LABELS,
  type AvailabilityStatus,
  type PromoteReserveValues,
  type SelectionLeadersValues,
  type SelectionSlot,
  type SelectionValues,
  type TeamSelection,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import {
  availability,
  matches,
  selections,
  teamPlayers,
  teamSheets,
  teams,
  users,
} from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import type { AuditWriter } from '../../plugins/audit';
import type { ProductSender } from '../../plugins/product-sends';

import { whenUtc } from './wording';

/** Who is asking: the signed-in user, and whether they may pick any team's side. */
export interface Selector {
  userId: number;
  anyTeam: boolean;
}

/** The fixture and the team, which must be one of its two; locks the match row when asked. */
async function fixtureAndTeam(db: Db, matchId: number, teamId: number, lock = false) {
  const query = db
    .select({
      id: matches.id,
      scheduledAt: matches.scheduledAt,
      venue: matches.venue,
      teamAId: matches.teamAId,
      teamBId: matches.teamBId,
    })
    .from(matches)
    .where(eq(matches.id, matchId));
  const [m] = lock ? await query.for('update') : await query;
  if (!m) throw notFound(RESULT_MESSAGES.matchNotFound);
  if (teamId !== m.teamAId && teamId !== m.teamBId)
    throw badRequest(SELECTION_MESSAGES.teamNotPlaying, {
      team_id: [SELECTION_MESSAGES.teamNotPlaying],
    });
  const both = await db
    .select({ id: teams.id, name: teams.name, ownerId: teams.ownerId })
    .from(teams)
    .where(sql`${teams.id} in (${m.teamAId}, ${m.teamBId})`);
  const team = both.find((t) => t.id === teamId)!;
  const opponent = both.find((t) => t.id !== teamId)!;
  return { ...m, team: team.name, ownerId: team.ownerId, opponent: opponent.name };
}

const assertSelector = (selector: Selector, ownerId: number) => {
  if (!selector.anyTeam && selector.userId !== ownerId)
    throw forbidden(SELECTION_MESSAGES.notOwner);
};

async function isPublished(db: Db, matchId: number, teamId: number) {
  const [row] = await db
    .select({ at: teamSheets.publishedAt })
    .from(teamSheets)
    .where(and(eq(teamSheets.matchId, matchId), eq(teamSheets.teamId, teamId)));
  return row?.at ?? null;
}

const playerName = sql<string>`coalesce(nullif(${teamPlayers.playerName}, ''), trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')))`;

/** The team's squad for the fixture: each player's answer, whether suspended, and their slot. */
async function candidates(db: Db, matchId: number, teamId: number) {
  return db
    .select({
      user_id: teamPlayers.userId,
      name: playerName,
      availability: availability.status,
      suspended: sql<boolean>`${users.status} = 'suspended'`,
      slot: selections.slot,
      position: selections.position,
      is_captain: sql<boolean>`coalesce(${selections.isCaptain}, false)`,
      is_wicket_keeper: sql<boolean>`coalesce(${selections.isWicketKeeper}, false)`,
      withdrawn: sql<boolean>`${selections.withdrawnAt} is not null`,
    })
    .from(teamPlayers)
    .innerJoin(users, eq(users.id, teamPlayers.userId))
    .leftJoin(
      availability,
      and(eq(availability.matchId, matchId), eq(availability.userId, teamPlayers.userId)),
    )
    .leftJoin(
      selections,
      and(
        eq(selections.matchId, matchId),
        eq(selections.teamId, teamId),
        eq(selections.userId, teamPlayers.userId),
      ),
    )
    .where(and(eq(teamPlayers.teamId, teamId), sql`${users.erasedAt} is null`))
    .orderBy(asc(playerName), asc(teamPlayers.userId));
}

export async function getSelection(
  db: Db,
  matchId: number,
  teamId: number,
): Promise<TeamSelection> {
  const f = await fixtureAndTeam(db, matchId, teamId);
  const rows = await candidates(db, matchId, teamId);
  const published = await isPublished(db, matchId, teamId);
  return {
    team: { id: teamId, name: f.team },
    published_at: published?.toISOString() ?? null,
    candidates: rows.map(({ position: _, ...r }) => ({
      ...r,
      availability: r.availability as AvailabilityStatus | null,
      slot: r.slot as SelectionSlot | null,
    })),
  };
}

/** The selection as a reader of the audit trail sees it: names, not ids. */
function describe(
  rows: { name: string; slot: string | null; is_captain: boolean; is_wicket_keeper: boolean }[],
) {
  const of = (slot: SelectionSlot) => rows.filter((r) => r.slot === slot).map((r) => r.name);
  return {
    xi: of('xi'),
    twelfth: of('twelfth')[0] ?? null,
    reserves: of('reserve'),
    captain: rows.find((r) => r.is_captain)?.name ?? null,
    wicket_keeper: rows.find((r) => r.is_wicket_keeper)?.name ?? null,
  };
}

/**
 * Saves a team's selection for a fixture, replacing the last one: every player from its squad,
 * none suspended or who said they are not available. Refused once its sheet is published.
 */
export function saveSelection(
  db: Db,
  matchId: number,
  values: SelectionValues,
  selector: Selector,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const f = await fixtureAndTeam(tx, matchId, values.team_id, true);
    assertSelector(selector, f.ownerId);
    if (await isPublished(tx, matchId, values.team_id))
      throw conflict(SELECTION_MESSAGES.published);
    const squad = await candidates(tx, matchId, values.team_id);
    const byId = new Map(squad.map((c) => [c.user_id, c]));
    const picks: { userId: number; slot: SelectionSlot; position: number }[] = [
      ...values.xi.map((userId, i) => ({ userId, slot: 'xi' as const, position: i })),
      ...(values.twelfth === null
        ? []
        : [{ userId: values.twelfth, slot: 'twelfth' as const, position: 0 }]),
      ...values.reserves.map((userId, i) => ({ userId, slot: 'reserve' as const, position: i })),
    ];
    for (const p of picks) {
      const c = byId.get(p.userId);
      if (!c)
        throw badRequest(SELECTION_MESSAGES.notInSquad, { xi: [SELECTION_MESSAGES.notInSquad] });
      if (c.suspended) throw badRequest(SELECTION_MESSAGES.suspended(c.name));
      if (c.availability === 'not_available')
        throw badRequest(SELECTION_MESSAGES.notAvailable(c.name));
    }
    const before = describe(squad);
    await tx
      .delete(selections)
      .where(and(eq(selections.matchId, matchId), eq(selections.teamId, values.team_id)));
    await tx.insert(selections).values(
      picks.map((p) => ({
        matchId,
        teamId: values.team_id,
        userId: p.userId,
        slot: p.slot,
        position: p.position,
        isCaptain: p.userId === values.captain_id,
        isWicketKeeper: p.userId === values.wicket_keeper_id,
      })),
    );
    const after = await getSelection(tx, matchId, values.team_id);
    await audit(tx, {
      entityId: matchId,
      action: 'selection_save',
      before: { team: f.team, ...before },
      after: { team: f.team, ...describe(after.candidates) },
    });
    return after;
  });
}

/**
 * Publishes a team's sheet: every picked player is told (and, when asked, every squad member
 * who was not), and the team's availability answers close. Once per team and fixture.
 */
export function publishSheet(
  db: Db,
  matchId: number,
  values: { team_id: number; notify_unselected: boolean },
  selector: Selector,
  now: Date,
  send: ProductSender,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const f = await fixtureAndTeam(tx, matchId, values.team_id, true);
    assertSelector(selector, f.ownerId);
    const squad = await candidates(tx, matchId, values.team_id);
    const picked = squad
      .filter((c) => c.slot !== null)
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
    if (picked.length === 0) throw conflict(SELECTION_MESSAGES.nothingToPublish);
    const published = await tx
      .insert(teamSheets)
      .values({
        matchId,
        teamId: values.team_id,
        publishedAt: now,
        publishedBy: selector.userId,
        notifyUnselected: values.notify_unselected,
      })
      .onConflictDoNothing()
      .returning({ at: teamSheets.publishedAt });
    if (published.length === 0) throw conflict(SELECTION_MESSAGES.published);

    const title = `${f.team} v ${f.opponent}`;
    const line = (slot: SelectionSlot) => {
      const names = picked
        .filter((c) => c.slot === slot)
        .map((c) => `${c.name}${c.is_captain ? ' (c)' : ''}${c.is_wicket_keeper ? ' (wk)' : ''}`);
      return names.length ? `${SELECTION_SLOT_LABELS[slot]}: ${names.join(', ')}` : null;
    };
    const sheet = (['xi', 'twelfth', 'reserve'] as const).map(line).filter(Boolean).join('\n');
    await send(tx, {
      name: `Team sheet: ${title}`.slice(0, 100),
      subject: `You are picked: ${title}, ${whenUtc(f.scheduledAt)}`.slice(0, 200),
      message: `Hi {{first_name}},\n\nThe team sheet for ${title} at ${f.venue} on ${whenUtc(f.scheduledAt)} is out, and you are in it:\n\n${sheet}\n`,
      recipientIds: picked.map((c) => c.user_id),
      matchId: null,
      createdBy: selector.userId,
    });
    const unpicked = squad.filter((c) => c.slot === null);
    if (values.notify_unselected && unpicked.length > 0)
      await send(tx, {
        name: `Team sheet (not picked): ${title}`.slice(0, 100),
        subject: `Team sheet: ${title}, ${whenUtc(f.scheduledAt)}`.slice(0, 200),
        message: `Hi {{first_name}},\n\nThe team sheet for ${title} on ${whenUtc(f.scheduledAt)} is out. You are not in it this time:\n\n${sheet}\n`,
        recipientIds: unpicked.map((c) => c.user_id),
        matchId: null,
        createdBy: selector.userId,
      });
    const notified = picked.length + (values.notify_unselected ? unpicked.length : 0);
    await audit(tx, {
      entityId: matchId,
      action: 'sheet_publish',
      after: { team: f.team, ...describe(picked), notified },
    });
    return notified;
  });
}

/** Who a withdrawal alert goes to: whoever published the sheet, and the team's owner. */
async function selectorsOf(db: Db, matchId: number, teamId: number) {
  const [row] = await db
    .select({ publishedBy: teamSheets.publishedBy, ownerId: teams.ownerId })
    .from(teamSheets)
    .innerJoin(teams, eq(teams.id, teamSheets.teamId))
    .where(and(eq(teamSheets.matchId, matchId), eq(teamSheets.teamId, teamId)));
  return [...new Set([row?.publishedBy, row?.ownerId].filter((id): id is number => !!id))];
}

/**
 * A picked player withdraws after the team sheet is out (issue 36, decision 076): their place
 * stays on the sheet marked withdrawn, their answer becomes Not available, and the selector is
 * told at once with the way to the screen where a reserve is promoted. False when the person
 * holds no place on the sheet (or withdrew already): then there is nothing to withdraw from.
 */
export async function withdrawFromSheet(
  tx: Db,
  target: { matchId: number; userId: number },
  now: Date,
  send: ProductSender,
  screenUrl: (tournamentId: number) => string,
) {
  const [mine] = await tx
    .update(selections)
    .set({ withdrawnAt: now })
    .where(
      and(
        eq(selections.matchId, target.matchId),
        eq(selections.userId, target.userId),
        sql`${selections.withdrawnAt} is null`,
      ),
    )
    .returning({ teamId: selections.teamId, slot: selections.slot });
  if (!mine) return false;
  await tx
    .update(availability)
    .set({ status: 'not_available', answeredAt: now })
    .where(and(eq(availability.matchId, target.matchId), eq(availability.userId, target.userId)));
  const f = await fixtureAndTeam(tx, target.matchId, mine.teamId);
  const [who] = await tx
    .select({ name: playerName, tournamentId: matches.tournamentId })
    .from(teamPlayers)
    .innerJoin(users, eq(users.id, teamPlayers.userId))
    .innerJoin(matches, eq(matches.id, target.matchId))
    .where(and(eq(teamPlayers.teamId, mine.teamId), eq(teamPlayers.userId, target.userId)));
  const name = who?.name ?? 'A player';
  const title = `${f.team} v ${f.opponent}`;
  const recipients = await selectorsOf(tx, target.matchId, mine.teamId);
  if (recipients.length > 0)
    await send(tx, {
      name: `Withdrawal: ${title}`.slice(0, 100),
      subject: `${name} withdrew: ${title}, ${whenUtc(f.scheduledAt)}`.slice(0, 200),
      message: `Hi {{first_name}},\n\n${name} (${SELECTION_SLOT_LABELS[mine.slot as SelectionSlot]}) withdrew from ${title} at ${f.venue} on ${whenUtc(f.scheduledAt)}.\n\nPromote a reserve in one click under Pick Team: ${who ? screenUrl(who.tournamentId) : ''}\n`,
      recipientIds: recipients,
      matchId: null,
      createdBy: null,
    });
  return true;
}

/**
 * A change to a published sheet (a promotion, new leaders): the fixture locked, the selector
 * allowed, the sheet out (409 with `notYet` otherwise), and the squad as it stands.
 */
async function publishedSheet(
  tx: Db,
  matchId: number,
  teamId: number,
  selector: Selector,
  notYet: string,
) {
  const f = await fixtureAndTeam(tx, matchId, teamId, true);
  assertSelector(selector, f.ownerId);
  if (!(await isPublished(tx, matchId, teamId))) throw conflict(notYet);
  return { f, squad: await candidates(tx, matchId, teamId) };
}

/**
 * A reserve takes a withdrawn player's place on the published sheet (decision 076): their slot
 * and position, not the captaincy or the gloves, which the selector gives again if they must.
 * The withdrawn player's row goes; the reserve is told.
 */
export function promoteReserve(
  db: Db,
  matchId: number,
  values: PromoteReserveValues,
  selector: Selector,
  send: ProductSender,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const { f, squad } = await publishedSheet(
      tx,
      matchId,
      values.team_id,
      selector,
      SELECTION_MESSAGES.notPublishedYet,
    );
    const out = squad.find((c) => c.user_id === values.withdrawn_id);
    const reserve = squad.find((c) => c.user_id === values.reserve_id);
    if (!out?.slot || !out.withdrawn)
      throw badRequest(SELECTION_MESSAGES.notWithdrawn, {
        withdrawn_id: [SELECTION_MESSAGES.notWithdrawn],
      });
    if (
      reserve?.slot !== 'reserve' ||
      reserve.withdrawn ||
      reserve.suspended ||
      reserve.availability === 'not_available'
    )
      throw badRequest(SELECTION_MESSAGES.notReserve, {
        reserve_id: [SELECTION_MESSAGES.notReserve],
      });
    const before = describe(squad.filter((c) => !c.withdrawn));
    await tx
      .delete(selections)
      .where(and(eq(selections.matchId, matchId), eq(selections.userId, out.user_id)));
    await tx
      .update(selections)
      .set({ slot: out.slot, position: out.position ?? 0 })
      .where(and(eq(selections.matchId, matchId), eq(selections.userId, reserve.user_id)));
    const after = await getSelection(tx, matchId, values.team_id);
    const title = `${f.team} v ${f.opponent}`;
    const slot = SELECTION_SLOT_LABELS[out.slot as SelectionSlot];
    await send(tx, {
      name: `Promoted: ${title}`.slice(0, 100),
      subject: `You are in: ${title}, ${whenUtc(f.scheduledAt)}`.slice(0, 200),
      message: `Hi {{first_name}},\n\n${out.name} cannot play ${title} at ${f.venue} on ${whenUtc(f.scheduledAt)}, and you take their place (${slot}).\n`,
      recipientIds: [reserve.user_id],
      matchId: null,
      createdBy: selector.userId,
    });
    await audit(tx, {
      entityId: matchId,
      action: 'reserve_promote',
      before: { team: f.team, ...before },
      after: {
        team: f.team,
        ...describe(after.candidates.filter((c) => !c.withdrawn)),
        promoted: reserve.name,
        replaces: out.name,
      },
    });
    return { selection: after, reserve: reserve.name, withdrawn: out.name };
  });
}

/**
 * Once the sheet is out, the captain and the wicket keeper named again (a captain who withdrew
 * leaves the team without one; the promoted reserve does not inherit it): each from the XI still
 * playing, or none. Whoever is newly named is told; the rest of the sheet stays as published.
 */
export function changeLeaders(
  db: Db,
  matchId: number,
  values: SelectionLeadersValues,
  selector: Selector,
  send: ProductSender,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const { f, squad } = await publishedSheet(
      tx,
      matchId,
      values.team_id,
      selector,
      SELECTION_MESSAGES.leadersBeforeSheet,
    );
    const playing = new Set(
      squad.filter((c) => c.slot === 'xi' && !c.withdrawn).map((c) => c.user_id),
    );
    const errors: Record<string, string[]> = {};
    if (values.captain_id !== null && !playing.has(values.captain_id))
      errors.captain_id = [SELECTION_MESSAGES.captainInXi];
    if (values.wicket_keeper_id !== null && !playing.has(values.wicket_keeper_id))
      errors.wicket_keeper_id = [SELECTION_MESSAGES.keeperInXi];
    const first = Object.values(errors)[0];
    if (first) throw badRequest(first[0]!, errors);

    const before = describe(squad.filter((c) => !c.withdrawn));
    await tx
      .update(selections)
      .set({
        isCaptain: sql`${selections.userId} is not distinct from ${values.captain_id}`,
        isWicketKeeper: sql`${selections.userId} is not distinct from ${values.wicket_keeper_id}`,
      })
      .where(and(eq(selections.matchId, matchId), eq(selections.teamId, values.team_id)));
    const after = await getSelection(tx, matchId, values.team_id);

    // Told: whoever takes a role they did not hold.
    const title = `${f.team} v ${f.opponent}`;
    const roles = new Map<number, string[]>();
    for (const c of squad) {
      const add = (role: string) => roles.set(c.user_id, [...(roles.get(c.user_id) ?? []), role]);
      if (c.user_id === values.captain_id && !c.is_captain) add('captain');
      if (c.user_id === values.wicket_keeper_id && !c.is_wicket_keeper) add('wicket keeper');
    }
    for (const [userId, named] of roles)
      await send(tx, {
        name: `Named ${named.join(' and ')}: ${title}`.slice(0, 100),
        subject: `You are ${named.join(' and ')}: ${title}, ${whenUtc(f.scheduledAt)}`.slice(
          0,
          200,
        ),
        message: `Hi {{first_name}},\n\nYou are now ${named.join(' and ')} for ${title} at ${f.venue} on ${whenUtc(f.scheduledAt)}.\n`,
        recipientIds: [userId],
        matchId: null,
        createdBy: selector.userId,
      });
    await audit(tx, {
      entityId: matchId,
      action: 'leaders_change',
      before: { team: f.team, ...before },
      after: { team: f.team, ...describe(after.candidates.filter((c) => !c.withdrawn)) },
    });
    return { selection: after, told: roles.size };
  });
}

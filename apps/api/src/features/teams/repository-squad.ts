import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TEAM_MESSAGES, type TeamPlayerValues } from '@cricket/contracts';
import { preparedOnce, type Db } from '../../db/client';
import { selectPreparedPage, withTotal } from '../../db/page';
import { personDetails } from '../../db/search';
import { dropdownOptions, roles, teamPlayers, teams, users } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { reference } from '../../lib/audit';
import type { AuditWriter } from '../../plugins/audit';
import {
  assertJerseysFree,
  assertNewPlayers,
  assertOptions,
  newPlayerDefaults,
  playerField,
} from './rules';
import { lockTeam, playerName, toTeam } from './repository-teams';

/** A team's squad: its details page and the players' add, edit and remove. */

const squadColumns = {
  id: teamPlayers.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  roleId: users.roleId,
  roleName: roles.name,
  playerName: teamPlayers.playerName,
  playerRole: teamPlayers.playerRole,
  playerRoleName: dropdownOptions.name,
  jerseyNumber: teamPlayers.jerseyNumber,
  isCaptain: teamPlayers.isCaptain,
  isWicketKeeper: teamPlayers.isWicketKeeper,
  battingStyle: teamPlayers.battingStyle,
  bowlingStyle: teamPlayers.bowlingStyle,
};

/** A team with its owner, by a statement prepared once (decision 042). */
function prepareTeamWithOwner(prepared: Db) {
  return prepared
    .select({
      team: teams,
      owner: {
        id: users.id,
        phoneNumber: users.phoneNumber,
        firstName: users.firstName,
        lastName: users.lastName,
      },
    })
    .from(teams)
    .leftJoin(users, eq(users.id, teams.ownerId))
    .where(eq(teams.id, sql.placeholder('teamId')))
    .prepare('team_with_owner');
}

function prepareCaptain(prepared: Db) {
  return prepared
    .select({
      id: teamPlayers.userId,
      playerName: teamPlayers.playerName,
      jerseyNumber: teamPlayers.jerseyNumber,
    })
    .from(teamPlayers)
    .where(and(eq(teamPlayers.teamId, sql.placeholder('teamId')), eq(teamPlayers.isCaptain, true)))
    .prepare('team_captain');
}

const squadPage = (prepared: Db) =>
  prepared
    .select(withTotal(squadColumns))
    .from(teamPlayers)
    .innerJoin(users, eq(users.id, teamPlayers.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(dropdownOptions, eq(dropdownOptions.id, teamPlayers.playerRole))
    .where(eq(teamPlayers.teamId, sql.placeholder('teamId')))
    .orderBy(
      desc(teamPlayers.isCaptain),
      sql`${teamPlayers.jerseyNumber} asc nulls last`,
      asc(teamPlayers.playerName),
      asc(teamPlayers.userId),
    )
    .$dynamic();

export async function getTeamDetails(db: Db, teamId: number, page: number, limit: number) {
  // All three at once (none needs another's answer): one wait for the pool, not two; each
  // prepared once, as a team's page is read often.
  const [[found], [captain], players] = await Promise.all([
    preparedOnce(db, 'team_with_owner', prepareTeamWithOwner).execute({ teamId }),
    preparedOnce(db, 'team_captain', prepareCaptain).execute({ teamId }),
    selectPreparedPage(db, 'team_squad_page', squadPage, { page, limit }, { teamId }),
  ]);
  if (!found) throw notFound(TEAM_MESSAGES.notFound);
  const { team: row, owner } = found;
  return {
    team: toTeam(row),
    owner: owner
      ? {
          id: owner.id,
          phone_number: owner.phoneNumber,
          details: personDetails(owner),
        }
      : null,
    captain: captain
      ? { id: captain.id, player_name: captain.playerName, jersey_number: captain.jerseyNumber }
      : null,
    players: {
      total: players.total,
      rows: players.rows.map((p) => ({
        id: p.id,
        details: personDetails(p),
        phone_number: p.phoneNumber,
        role_id: p.roleId,
        role_name: p.roleName,
        is_in_team: true,
        player_name: p.playerName,
        player_role: p.playerRole,
        player_role_name: p.playerRoleName,
        jersey_number: p.jerseyNumber,
        is_captain: p.isCaptain,
        is_wicket_keeper: p.isWicketKeeper,
        batting_style: p.battingStyle,
        bowling_style: p.bowlingStyle,
      })),
    },
  };
}

/** Setting a captain or keeper takes the flag from whoever holds it in the team. */
async function moveFlags(
  tx: Db,
  teamId: number,
  flags: { captain: boolean; keeper: boolean },
  exceptUserId?: number,
) {
  const others = (col: typeof teamPlayers.isCaptain | typeof teamPlayers.isWicketKeeper) =>
    and(
      eq(teamPlayers.teamId, teamId),
      eq(col, true),
      exceptUserId === undefined ? undefined : ne(teamPlayers.userId, exceptUserId),
    );
  if (flags.captain)
    await tx.update(teamPlayers).set({ isCaptain: false }).where(others(teamPlayers.isCaptain));
  if (flags.keeper)
    await tx
      .update(teamPlayers)
      .set({ isWicketKeeper: false })
      .where(others(teamPlayers.isWicketKeeper));
}

/**
 * A squad as the audit trail compares it: one field per player (`players.<user id>`), so a
 * captaincy that moves shows on both players. Squads are small: read whole, twice per change.
 */
async function squadSnapshot(tx: Db, teamId: number) {
  const [team] = await tx
    .select({ playersCount: teams.playersCount })
    .from(teams)
    .where(eq(teams.id, teamId));
  // The player's options are kept by name as well as id, so the trail reads 'Batsman', not 1.
  const role = alias(dropdownOptions, 'player_role');
  const batting = alias(dropdownOptions, 'batting_style');
  const bowling = alias(dropdownOptions, 'bowling_style');
  const rows = await tx
    .select({
      userId: teamPlayers.userId,
      player_name: teamPlayers.playerName,
      roleId: teamPlayers.playerRole,
      roleName: role.name,
      battingId: teamPlayers.battingStyle,
      battingName: batting.name,
      bowlingId: teamPlayers.bowlingStyle,
      bowlingName: bowling.name,
      jersey_number: teamPlayers.jerseyNumber,
      is_captain: teamPlayers.isCaptain,
      is_wicket_keeper: teamPlayers.isWicketKeeper,
    })
    .from(teamPlayers)
    .leftJoin(role, eq(role.id, teamPlayers.playerRole))
    .leftJoin(batting, eq(batting.id, teamPlayers.battingStyle))
    .leftJoin(bowling, eq(bowling.id, teamPlayers.bowlingStyle))
    .where(eq(teamPlayers.teamId, teamId));
  return {
    players_count: team?.playersCount ?? 0,
    ...Object.fromEntries(
      rows.map((p) => [
        `players.${p.userId}`,
        {
          player_name: p.player_name,
          player_role: reference(p.roleId, p.roleName),
          batting_style: reference(p.battingId, p.battingName),
          bowling_style: reference(p.bowlingId, p.bowlingName),
          jersey_number: p.jersey_number,
          is_captain: p.is_captain,
          is_wicket_keeper: p.is_wicket_keeper,
        },
      ]),
    ),
  };
}

export function addPlayers(
  db: Db,
  teamId: number,
  players: (TeamPlayerValues & { user_id: number })[],
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    const before = await squadSnapshot(tx, teamId);
    const byId = await assertNewPlayers(
      tx,
      teamId,
      players.map((p) => p.user_id),
    );

    await assertJerseysFree(
      tx,
      teamId,
      players.map((p) => p.jersey_number).filter((n): n is number => typeof n === 'number'),
    );
    await assertOptions(tx, players, playerField);
    await moveFlags(tx, teamId, {
      captain: players.some((p) => p.is_captain),
      keeper: players.some((p) => p.is_wicket_keeper),
    });

    const withDefaults = await newPlayerDefaults(tx);
    await tx.insert(teamPlayers).values(
      players.map((p) => {
        const person = byId.get(p.user_id)!;
        const options = withDefaults(p, person.roleName);
        return {
          teamId,
          userId: p.user_id,
          playerName: p.player_name || playerName(person.firstName, person.lastName),
          playerRole: options.player_role,
          battingStyle: options.batting_style,
          bowlingStyle: options.bowling_style,
          jerseyNumber: p.jersey_number ?? null,
          isCaptain: p.is_captain,
          isWicketKeeper: p.is_wicket_keeper,
        };
      }),
    );
    await tx
      .update(teams)
      .set({ playersCount: sql`${teams.playersCount} + ${players.length}`, updatedAt: new Date() })
      .where(eq(teams.id, teamId));
    await audit(tx, {
      entityId: teamId,
      action: 'players_add',
      before,
      after: await squadSnapshot(tx, teamId),
    });
    return players.length;
  });
}

/** PUT replaces the squad fields; a missing player_name keeps the current one. */
export function updatePlayer(
  db: Db,
  teamId: number,
  userId: number,
  values: TeamPlayerValues,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    const before = await squadSnapshot(tx, teamId);
    const [current] = await tx
      .select({ userId: teamPlayers.userId })
      .from(teamPlayers)
      .where(and(eq(teamPlayers.teamId, teamId), eq(teamPlayers.userId, userId)));
    if (!current) throw notFound(TEAM_MESSAGES.playerNotInTeam);
    if (typeof values.jersey_number === 'number')
      await assertJerseysFree(tx, teamId, [values.jersey_number], userId);
    await assertOptions(tx, [values]);
    await moveFlags(
      tx,
      teamId,
      { captain: values.is_captain, keeper: values.is_wicket_keeper },
      userId,
    );
    await tx
      .update(teamPlayers)
      .set({
        ...(values.player_name !== undefined && { playerName: values.player_name || null }),
        playerRole: values.player_role ?? null,
        battingStyle: values.batting_style ?? null,
        bowlingStyle: values.bowling_style ?? null,
        jerseyNumber: values.jersey_number ?? null,
        isCaptain: values.is_captain,
        isWicketKeeper: values.is_wicket_keeper,
      })
      .where(and(eq(teamPlayers.teamId, teamId), eq(teamPlayers.userId, userId)));
    await audit(tx, {
      entityId: teamId,
      action: 'player_update',
      before,
      after: await squadSnapshot(tx, teamId),
    });
  });
}

/** The user ids of a team's squad: its bulk remove's 'all matching'. */
export async function squadUserIds(db: Db, teamId: number): Promise<number[]> {
  const rows = await db
    .select({ id: teamPlayers.userId })
    .from(teamPlayers)
    .where(eq(teamPlayers.teamId, teamId))
    .orderBy(asc(teamPlayers.userId));
  return rows.map((row) => row.id);
}

export function removePlayer(db: Db, teamId: number, userId: number, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    const before = await squadSnapshot(tx, teamId);
    const removed = await tx
      .delete(teamPlayers)
      .where(and(eq(teamPlayers.teamId, teamId), eq(teamPlayers.userId, userId)))
      .returning({ userId: teamPlayers.userId });
    if (removed.length === 0) throw notFound(TEAM_MESSAGES.playerNotInTeam);
    await tx
      .update(teams)
      .set({ playersCount: sql`${teams.playersCount} - 1`, updatedAt: new Date() })
      .where(eq(teams.id, teamId));
    await audit(tx, {
      entityId: teamId,
      action: 'player_remove',
      before,
      after: await squadSnapshot(tx, teamId),
    });
  });
}

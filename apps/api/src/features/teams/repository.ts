import { and, asc, desc, eq, getTableColumns, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  TEAM_MESSAGES,
  fullName,
  type DropdownCategory,
  type TeamPlayerValues,
  type TeamValues,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import { selectPage, withTotal } from '../../db/page';
import { byPersonName, personDetails, userNameOrPhone } from '../../db/search';
import { dropdownOptions, roles, teamPlayers, teams, users } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { AuditWriter } from '../../plugins/audit';
import { likePattern } from '../../lib/like-pattern';
import {
  assertJerseysFree,
  assertNewPlayers,
  assertOptions,
  assertOwner,
  isPlayerRole,
  newPlayerDefaults,
  rethrowDeleteRefusal,
} from './rules';

/** The expression the teams_search_trgm index is built on. */
const teamSearchExpr = sql`lower(${teams.name} || ' ' || ${teams.location})`;

type TeamRow = typeof teams.$inferSelect;

function toTeam(row: TeamRow) {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    team_initials: row.teamInitials,
    logo_url: row.logoUrl,
    is_active: row.isActive,
    owner_id: row.ownerId,
    players_count: row.playersCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** A squad member's stored name when none is given: the user's full name, or none. */
const playerName = (first: string | null, last: string | null) =>
  fullName({ first_name: first, last_name: last }, null);

export async function listTeams(
  db: Db,
  q: { page: number; limit: number; search?: string; is_active?: boolean },
) {
  const filters: SQL[] = [];
  if (q.is_active !== undefined) filters.push(eq(teams.isActive, q.is_active));
  // The web sends "name location" as one string: every word must match name or location.
  for (const word of q.search?.split(/\s+/).filter(Boolean) ?? []) {
    filters.push(sql`${teamSearchExpr} like ${likePattern(word)}`);
  }
  const where = filters.length ? and(...filters) : undefined;
  const { rows, total } = await selectPage(
    () =>
      db
        .select(withTotal(getTableColumns(teams)))
        .from(teams)
        .where(where)
        .orderBy(desc(teams.id))
        .$dynamic(),
    q,
  );
  return { rows: rows.map(toTeam), total };
}

/** Locks the team row so squad changes of one team run one after another. */
async function lockTeam(tx: Db, teamId: number) {
  const [row] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
  if (!row) throw notFound(TEAM_MESSAGES.notFound);
  return row;
}

/** `add_me`: the signed-in user joins the squad (once). Returns how many rows were added. */
async function addSignedInUser(tx: Db, teamId: number, userId: number) {
  const [me] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!me) return 0;
  const added = await tx
    .insert(teamPlayers)
    .values({ teamId, userId, playerName: playerName(me.firstName, me.lastName) })
    .onConflictDoNothing()
    .returning({ userId: teamPlayers.userId });
  return added.length;
}

export function createTeam(db: Db, values: TeamValues, signedInUserId: number, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    const created = await insertTeam(tx, values, signedInUserId);
    await audit(tx, { entityId: created.id, action: 'create', after: created });
    return created;
  });
}

async function insertTeam(tx: Db, values: TeamValues, signedInUserId: number) {
  await assertOwner(tx, values.owner_id);
  const [row] = await tx
    .insert(teams)
    .values({
      name: values.name,
      location: values.location,
      teamInitials: values.team_initials,
      logoUrl: values.logo_url ?? null,
      isActive: values.is_active,
      ownerId: values.owner_id,
    })
    .returning();
  if (!values.add_me) return toTeam(row!);
  const added = await addSignedInUser(tx, row!.id, signedInUserId);
  const [counted] = await tx
    .update(teams)
    .set({ playersCount: added })
    .where(eq(teams.id, row!.id))
    .returning();
  return toTeam(counted!);
}

export function updateTeam(
  db: Db,
  teamId: number,
  values: TeamValues,
  signedInUserId: number,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const current = await lockTeam(tx, teamId);
    // A team keeps its owner even if that user's role changed later; a new owner must qualify.
    if (values.owner_id !== current.ownerId) await assertOwner(tx, values.owner_id);
    const added = values.add_me ? await addSignedInUser(tx, teamId, signedInUserId) : 0;
    const [row] = await tx
      .update(teams)
      .set({
        name: values.name,
        location: values.location,
        teamInitials: values.team_initials,
        logoUrl: values.logo_url === undefined ? current.logoUrl : values.logo_url,
        isActive: values.is_active,
        ownerId: values.owner_id,
        playersCount: sql`${teams.playersCount} + ${added}`,
        updatedAt: new Date(),
      })
      .where(eq(teams.id, teamId))
      .returning();
    const updated = toTeam(row!);
    await audit(tx, {
      entityId: teamId,
      action: 'update',
      before: toTeam(current),
      after: updated,
    });
    return updated;
  });
}

export function deleteTeam(db: Db, teamId: number, audit: AuditWriter) {
  return db
    .transaction(async (tx) => {
      const current = await lockTeam(tx, teamId);
      await tx.delete(teamPlayers).where(eq(teamPlayers.teamId, teamId));
      await tx.delete(teams).where(eq(teams.id, teamId));
      await audit(tx, { entityId: teamId, action: 'delete', before: toTeam(current) });
    })
    .catch(rethrowDeleteRefusal);
}

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

export async function getTeamDetails(db: Db, teamId: number, page: number, limit: number) {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!row) throw notFound(TEAM_MESSAGES.notFound);
  const squad = eq(teamPlayers.teamId, teamId);
  const [[owner], [captain], players] = await Promise.all([
    db
      .select({
        id: users.id,
        phoneNumber: users.phoneNumber,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(eq(users.id, row.ownerId)),
    db
      .select({
        id: teamPlayers.userId,
        playerName: teamPlayers.playerName,
        jerseyNumber: teamPlayers.jerseyNumber,
      })
      .from(teamPlayers)
      .where(and(squad, eq(teamPlayers.isCaptain, true))),
    selectPage(
      () =>
        db
          .select(withTotal(squadColumns))
          .from(teamPlayers)
          .innerJoin(users, eq(users.id, teamPlayers.userId))
          .innerJoin(roles, eq(roles.id, users.roleId))
          .leftJoin(dropdownOptions, eq(dropdownOptions.id, teamPlayers.playerRole))
          .where(squad)
          .orderBy(
            desc(teamPlayers.isCaptain),
            sql`${teamPlayers.jerseyNumber} asc nulls last`,
            asc(teamPlayers.playerName),
            asc(teamPlayers.userId),
          )
          .$dynamic(),
      { page, limit },
    ),
  ]);
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

/**
 * Players offered by the Manage Players panel: non-suspended users with the player role,
 * plus everyone already in this team (marked `is_in_team`), searched by name or phone.
 */
export async function listAvailablePlayers(
  db: Db,
  teamId: number,
  q: { page: number; limit: number; search?: string },
) {
  const [exists] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  if (!exists) throw notFound(TEAM_MESSAGES.notFound);
  const filters: (SQL | undefined)[] = [
    or(and(isPlayerRole, ne(users.status, 'suspended')), isNotNull(teamPlayers.userId)),
  ];
  if (q.search) filters.push(userNameOrPhone(q.search));
  const where = and(...filters);
  const membership = and(eq(teamPlayers.userId, users.id), eq(teamPlayers.teamId, teamId));
  const { rows, total } = await selectPage(
    () =>
      db
        .select(
          withTotal({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            phoneNumber: users.phoneNumber,
            roleId: users.roleId,
            roleName: roles.name,
            inTeam: teamPlayers.userId,
          }),
        )
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .leftJoin(teamPlayers, membership)
        .where(where)
        .orderBy(...byPersonName)
        .$dynamic(),
    q,
  );
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      details: personDetails(r),
      phone_number: r.phoneNumber,
      role_id: r.roleId,
      role_name: r.roleName,
      is_in_team: r.inTeam !== null,
    })),
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
  const rows = await tx
    .select({
      userId: teamPlayers.userId,
      player_name: teamPlayers.playerName,
      player_role: teamPlayers.playerRole,
      batting_style: teamPlayers.battingStyle,
      bowling_style: teamPlayers.bowlingStyle,
      jersey_number: teamPlayers.jerseyNumber,
      is_captain: teamPlayers.isCaptain,
      is_wicket_keeper: teamPlayers.isWicketKeeper,
    })
    .from(teamPlayers)
    .where(eq(teamPlayers.teamId, teamId));
  return {
    players_count: team?.playersCount ?? 0,
    ...Object.fromEntries(rows.map(({ userId, ...p }) => [`players.${userId}`, p])),
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
    await assertOptions(tx, players);
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

export function listDropdown(db: Db, category: DropdownCategory) {
  return db
    .select({ id: dropdownOptions.id, name: dropdownOptions.name })
    .from(dropdownOptions)
    .where(eq(dropdownOptions.category, category))
    .orderBy(asc(dropdownOptions.sortOrder), asc(dropdownOptions.id));
}

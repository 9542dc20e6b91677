import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  DROPDOWN_CATEGORIES,
  ORGANIZER_ROLE,
  PLAYER_ROLE,
  TEAM_MESSAGES,
  jerseyTakenMessage,
  newPlayerOptions,
  type DropdownCategory,
  type TeamPlayerValues,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import { dropdownOptions, roles, teamPlayers, users } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-errors';
import { rethrowRefusal } from '../../lib/pg-error';

/** The business rules of teams and squads, checked here and nowhere else (decision 015). */

export const isPlayerRole = sql`lower(${roles.name}) = ${PLAYER_ROLE}`;

/** Owners are picked from the organizers list: users with the owner role who are not suspended. */
export async function assertOwner(tx: Db, ownerId: number) {
  const [row] = await tx
    .select({ roleName: roles.name, status: users.status })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, ownerId));
  if (!row)
    throw badRequest(TEAM_MESSAGES.ownerNotFound, { owner_id: [TEAM_MESSAGES.ownerNotFound] });
  if (row.roleName.toLowerCase() !== ORGANIZER_ROLE || row.status === 'suspended') {
    throw badRequest(TEAM_MESSAGES.ownerNotEligible, {
      owner_id: [TEAM_MESSAGES.ownerNotEligible],
    });
  }
}

/** A refusal's field in `POST /teams/{id}/players/multiple`: the player's own entry. */
export const playerField = (index: number, field: string) => `players.${index}.${field}`;

/**
 * Who may join a squad: each user once, not already in the team, with the player role and
 * not suspended. Answers the people with their names and role names. `ids` are the players'
 * user ids in the order of the body, so a refusal names the entry it is about.
 */
export async function assertNewPlayers(tx: Db, teamId: number, ids: number[]) {
  const repeated = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (repeated !== -1)
    throw conflict(TEAM_MESSAGES.playerTwice, {
      [playerField(repeated, 'user_id')]: [TEAM_MESSAGES.playerTwice],
    });

  const [member] = await tx
    .select({ userId: teamPlayers.userId })
    .from(teamPlayers)
    .where(and(eq(teamPlayers.teamId, teamId), inArray(teamPlayers.userId, ids)))
    .limit(1);
  if (member)
    throw conflict(TEAM_MESSAGES.playerAlreadyInTeam, {
      [playerField(ids.indexOf(member.userId), 'user_id')]: [TEAM_MESSAGES.playerAlreadyInTeam],
    });

  const people = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      roleName: roles.name,
      status: users.status,
      isPlayer: sql<boolean>`${isPlayerRole}`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.id, ids));
  const byId = new Map(people.map((p) => [p.id, p]));
  for (const [i, id] of ids.entries()) {
    const person = byId.get(id);
    const field = playerField(i, 'user_id');
    if (!person)
      throw badRequest(TEAM_MESSAGES.playerNotFound, { [field]: [TEAM_MESSAGES.playerNotFound] });
    if (!person.isPlayer || person.status === 'suspended')
      throw badRequest(TEAM_MESSAGES.playerNotEligible, {
        [field]: [TEAM_MESSAGES.playerNotEligible],
      });
  }
  return byId;
}

const OPTION_FIELDS = [
  ['player_role', 'player_role', TEAM_MESSAGES.invalidPlayerRole],
  ['batting_style', 'batting_style', TEAM_MESSAGES.invalidBattingStyle],
  ['bowling_style', 'bowling_style', TEAM_MESSAGES.invalidBowlingStyle],
] as const satisfies readonly (readonly [keyof TeamPlayerValues, DropdownCategory, string])[];

/**
 * Each chosen option id must belong to its own list. `fieldOf` names a refused field: an add
 * passes playerField, so the refusal is on the player's own entry.
 */
export async function assertOptions(
  tx: Db,
  players: TeamPlayerValues[],
  fieldOf = (_index: number, field: string) => field,
) {
  const ids = [
    ...new Set(
      players.flatMap((p) =>
        OPTION_FIELDS.map(([field]) => p[field]).filter((v): v is number => typeof v === 'number'),
      ),
    ),
  ];
  const found = ids.length
    ? await tx
        .select({ id: dropdownOptions.id, category: dropdownOptions.category })
        .from(dropdownOptions)
        .where(inArray(dropdownOptions.id, ids))
    : [];
  const categoryOf = new Map(found.map((o) => [o.id, o.category]));
  for (const [i, p] of players.entries()) {
    for (const [field, category, message] of OPTION_FIELDS) {
      const id = p[field];
      if (typeof id === 'number' && categoryOf.get(id) !== category)
        throw badRequest(message, { [fieldOf(i, field)]: [message] });
    }
  }
}

/** Jersey numbers must be unique in the team: the new values against everyone else. */
export async function assertJerseysFree(
  tx: Db,
  teamId: number,
  jerseys: number[],
  exceptUserId?: number,
) {
  const taken = (n: number) =>
    conflict(jerseyTakenMessage(n), { jersey_number: [jerseyTakenMessage(n)] });
  // A number repeated within the batch was refused with the body (addTeamPlayersInput).
  if (jerseys.length === 0) return;
  const [row] = await tx
    .select({ jersey: teamPlayers.jerseyNumber })
    .from(teamPlayers)
    .where(
      and(
        eq(teamPlayers.teamId, teamId),
        inArray(teamPlayers.jerseyNumber, jerseys),
        exceptUserId === undefined ? undefined : ne(teamPlayers.userId, exceptUserId),
      ),
    )
    .limit(1);
  if (row?.jersey != null) throw taken(row.jersey);
}

/** Spec §4 "New team player": an option left empty takes its default (`newPlayerOptions`). */
export async function newPlayerDefaults(tx: Db) {
  const options = await tx
    .select({
      id: dropdownOptions.id,
      category: dropdownOptions.category,
      name: dropdownOptions.name,
    })
    .from(dropdownOptions)
    .where(inArray(dropdownOptions.category, [...DROPDOWN_CATEGORIES]))
    .orderBy(asc(dropdownOptions.sortOrder), asc(dropdownOptions.id));
  const lists = Object.fromEntries(
    DROPDOWN_CATEGORIES.map((category) => [
      category,
      options.filter((o) => o.category === category),
    ]),
  ) as Record<DropdownCategory, typeof options>;
  return (player: TeamPlayerValues, roleName: string) => {
    const defaults = newPlayerOptions(lists, roleName);
    return {
      player_role: player.player_role ?? defaults.player_role,
      batting_style: player.batting_style ?? defaults.batting_style,
      bowling_style: player.bowling_style ?? defaults.bowling_style,
    };
  };
}

/**
 * A team in any match or scorecard keeps its history: the `on delete restrict` foreign keys
 * refuse the delete (PostgreSQL reports 23503, PGlite 23001).
 */
export function rethrowDeleteRefusal(err: unknown): never {
  return rethrowRefusal(err, ({ code }) =>
    code === '23503' || code === '23001' ? conflict(TEAM_MESSAGES.hasMatchHistory) : undefined,
  );
}

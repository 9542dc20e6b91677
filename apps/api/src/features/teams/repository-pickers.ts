import { and, asc, eq, isNotNull, ne, or, type SQL } from 'drizzle-orm';
import { TEAM_MESSAGES, type DropdownCategory } from '@cricket/contracts';
import type { Db } from '../../db/client';
import { selectPage, withTotal } from '../../db/page';
import { byPersonName, personDetails, userNameOrPhone } from '../../db/search';
import { dropdownOptions, roles, teamPlayers, teams, users } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { isPlayerRole } from './rules';

/** What the team panels offer to pick from: players to add, and the dropdown options. */

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

export function listDropdown(db: Db, category: DropdownCategory) {
  return db
    .select({ id: dropdownOptions.id, name: dropdownOptions.name })
    .from(dropdownOptions)
    .where(eq(dropdownOptions.category, category))
    .orderBy(asc(dropdownOptions.sortOrder), asc(dropdownOptions.id));
}

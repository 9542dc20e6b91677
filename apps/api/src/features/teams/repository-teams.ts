import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { TEAM_MESSAGES, fullName, type TeamValues } from '@cricket/contracts';
import type { Db } from '../../db/client';
import { keyColumns, keysetBatches, keysetOf } from '../../db/export';
import { selectListPage, sortedBy, withCount, type SortRequest } from '../../db/page';
import { teamPlayers, teams, users } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { reference } from '../../lib/audit';
import type { AuditWriter } from '../../plugins/audit';
import type { SearchProvider } from '../../plugins/global-search';
import { likePattern } from '../../lib/like-pattern';
import { nextVersion } from '../../lib/record-version';
import { assertOwner, rethrowDeleteRefusal } from './rules';
import { findByName } from '../../db/search';

/** Teams themselves: the list and their create, edit and delete. */

/** The expression the teams_search_trgm index is built on. */
const teamSearchExpr = sql`lower(${teams.name} || ' ' || ${teams.location})`;

type TeamRow = typeof teams.$inferSelect;

export function toTeam(row: TeamRow) {
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
    updated_at: row.updatedAt.toISOString(),
  };
}

type Team = ReturnType<typeof toTeam>;

/**
 * The team as its audit record keeps it: the owner by name, not by id (decision 039). `known`,
 * the same team's other snapshot in this transaction, lends its owner when that is unchanged.
 */
async function audited(tx: Db, team: Team, known?: { owner: ReturnType<typeof reference> }) {
  const { owner_id: ownerId, ...rest } = team;
  if (known?.owner?.id === ownerId) return { ...rest, owner: known.owner };
  const [owner] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ownerId));
  return {
    ...rest,
    owner: reference(ownerId, owner ? playerName(owner.firstName, owner.lastName) : null),
  };
}

/** A squad member's stored name when none is given: the user's full name, or none. */
export const playerName = (first: string | null, last: string | null) =>
  fullName({ first_name: first, last_name: last }, null);

const teamSorts = {
  name: sql`lower(${teams.name})`,
  location: sql`lower(${teams.location})`,
  players_count: teams.playersCount,
  is_active: teams.isActive,
  created_at: teams.createdAt,
};

type TeamFilters = { search?: string; is_active?: boolean } & SortRequest<keyof typeof teamSorts>;

function teamFilters(q: TeamFilters) {
  const filters: SQL[] = [];
  if (q.is_active !== undefined) filters.push(eq(teams.isActive, q.is_active));
  // The web sends "name location" as one string: every word must match name or location.
  for (const word of q.search?.split(/\s+/).filter(Boolean) ?? []) {
    filters.push(sql`${teamSearchExpr} like ${likePattern(word)}`);
  }
  return filters;
}

export async function listTeams(db: Db, q: { page: number; limit: number } & TeamFilters) {
  const filters = teamFilters(q);
  const where = filters.length ? and(...filters) : undefined;
  const query = (on: Db) =>
    on
      .select(withCount(getTableColumns(teams), teams, where))
      .from(teams)
      .where(where)
      .orderBy(...sortedBy(q, teamSorts, teams.id, [desc(teams.id)]))
      .$dynamic();
  const { rows, total } = await selectListPage(db, 'teams_page', query, where !== undefined, q);
  return { rows: rows.map(toTeam), total };
}

/** Every team the list's filters match, in its order, in batches (the CSV export). */
export function exportTeams(db: Db, q: TeamFilters) {
  const keyset = keysetOf(q, teamSorts, teams.id, 'desc');
  const filters = teamFilters(q);
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({ ...getTableColumns(teams), ...keyColumns(keyset) })
      .from(teams)
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map((row) => ({ ...toTeam(row), keyValue: row.keyValue, keyId: row.keyId }));
  });
}

/** The global search's teams: by name or location. */
export const teamSearch: SearchProvider = {
  rows: () =>
    findByName({
      table: teams,
      id: teams.id,
      name: teams.name,
      detail: teams.location,
      match: teamSearchExpr,
    }),
};

/** Locks the team row so squad changes of one team run one after another. */
export async function lockTeam(tx: Db, teamId: number) {
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
    await audit(tx, { entityId: created.id, action: 'create', after: await audited(tx, created) });
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
        updatedAt: nextVersion(teams.updatedAt),
      })
      .where(eq(teams.id, teamId))
      .returning();
    const updated = toTeam(row!);
    const before = await audited(tx, toTeam(current));
    await audit(tx, {
      entityId: teamId,
      action: 'update',
      before,
      after: await audited(tx, updated, before),
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
      await audit(tx, {
        entityId: teamId,
        action: 'delete',
        before: await audited(tx, toTeam(current)),
      });
    })
    .catch(rethrowDeleteRefusal);
}

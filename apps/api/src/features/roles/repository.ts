import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  ROLE_MESSAGES,
  type GroupedPermissions,
  type Permission,
  type RoleDetail,
  type RoleListItem,
  type RoleStatus,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import { permissionsOfRole } from '../../db/grants';
import { keyColumns, keysetBatches, keysetOf } from '../../db/export';
import { selectPage, sortedBy, withTotal, type SortRequest } from '../../db/page';
import { permissions, rolePermissions, roles, userCounts } from '../../db/schema';
import { nextVersion } from '../../lib/record-version';
import { conflict, notFound } from '../../lib/http-errors';
import { likePattern } from '../../lib/like-pattern';
import { rethrowRefusal } from '../../lib/pg-error';
import type { AuditWriter } from '../../plugins/audit';
import type { SearchProvider } from '../../plugins/global-search';
import {
  assertDeletable,
  assertGrantable,
  assertNameFree,
  assertProtectedKept,
  assertProtectedKeepsGrants,
  assertWithinOwnRights,
  withNameGuard,
  type Actor,
} from './rules';
import { findByName } from '../../db/search';

export function listActiveRoles(db: Db) {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.isActive, true))
    .orderBy(asc(roles.name));
}

/** Users in a role, read from the trigger-kept counts rather than counting users. */
const userCountOf = (roleId: typeof roles.id) =>
  sql<number>`coalesce((select sum(${userCounts.count}) from ${userCounts} where ${userCounts.roleId} = ${roleId}), 0)::int`;

async function countUsers(db: Db, roleId: number) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${userCounts.count}), 0)::int` })
    .from(userCounts)
    .where(eq(userCounts.roleId, roleId));
  return row?.n ?? 0;
}

const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  isActive: roles.isActive,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
};

const roleSorts = {
  name: sql`lower(${roles.name})`,
  user_count: userCountOf(roles.id),
  status: roles.isActive,
  created_at: roles.createdAt,
};

type RoleFilters = { name?: string; status?: RoleStatus } & SortRequest<keyof typeof roleSorts>;

function roleFilters(q: RoleFilters) {
  const filters: SQL[] = [];
  // lower(name) LIKE matches the trigram index roles_name_trgm.
  if (q.name) filters.push(sql`lower(${roles.name}) like ${likePattern(q.name)}`);
  if (q.status) filters.push(eq(roles.isActive, q.status === 'active'));
  return filters;
}

export async function listRoles(db: Db, q: { page: number; limit: number } & RoleFilters) {
  const where = and(...roleFilters(q));
  const { rows, total } = await selectPage(
    () =>
      db
        .select(withTotal({ ...roleColumns, userCount: userCountOf(roles.id) }))
        .from(roles)
        .where(where)
        .orderBy(...sortedBy(q, roleSorts, roles.id, [asc(roles.id)]))
        .$dynamic(),
    q,
  );
  return {
    total,
    rows: rows.map(toRoleListItem),
  };
}

type RoleRow = {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
  userCount: number;
  createdAt: Date;
  updatedAt: Date;
};

const toRoleListItem = (r: RoleRow): RoleListItem => ({
  id: r.id,
  name: r.name,
  description: r.description,
  is_active: r.isActive,
  user_count: r.userCount,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** Every role the list's filters match, in its order, in batches (the CSV export). */
export function exportRoles(db: Db, q: RoleFilters) {
  const keyset = keysetOf(q, roleSorts, roles.id, 'asc');
  const filters = roleFilters(q);
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({ ...roleColumns, userCount: userCountOf(roles.id), ...keyColumns(keyset) })
      .from(roles)
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map((r) => ({ ...toRoleListItem(r), keyValue: r.keyValue, keyId: r.keyId }));
  });
}

const permissionColumns = {
  id: permissions.id,
  name: permissions.name,
  description: permissions.description,
  action: permissions.action,
  resource: permissions.resource,
};

export async function findRole(db: Db, id: number): Promise<RoleDetail | null> {
  const [role] = await db
    .select({ ...roleColumns, updatedAt: roles.updatedAt })
    .from(roles)
    .where(eq(roles.id, id));
  if (!role) return null;
  const [granted, usersCount] = await Promise.all([
    permissionsOfRole(db, id, permissionColumns).orderBy(asc(permissions.id)),
    countUsers(db, id),
  ]);
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    is_active: role.isActive,
    users_count: usersCount,
    created_at: role.createdAt.toISOString(),
    updated_at: role.updatedAt.toISOString(),
    permissions: granted,
  };
}

/** A role as the audit trail compares it: its fields and the names of what it grants. */
async function roleSnapshot(tx: Db, id: number) {
  const role = await findRole(tx, id);
  if (!role) return null;
  return {
    name: role.name,
    description: role.description,
    is_active: role.is_active,
    permissions: role.permissions.map((p) => p.name).sort(),
  };
}

export interface RoleInput {
  name: string;
  description: string;
  is_active: boolean;
  permission_ids?: number[];
}

/** A PUT: what it leaves out keeps its value. */
/** A save's fields; without `name` (a status change alone) the name is the one the locked row has. */
export type RoleChanges = Pick<RoleInput, 'permission_ids'> &
  Partial<Pick<RoleInput, 'name' | 'description' | 'is_active'>>;

/**
 * Locks the role row for the rest of the transaction, so concurrent saves of one role queue
 * up, and refuses an actor whose own role lacks any of its permissions: otherwise staff with
 * roles.update could disable or strip a role above their own.
 */
async function lockRole(tx: Db, id: number, actor: Actor) {
  const [row] = await tx
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(eq(roles.id, id))
    .for('update');
  if (!row) throw notFound(ROLE_MESSAGES.notFound);
  await assertWithinOwnRights(tx, actor, id);
  return row;
}

async function grant(tx: Db, roleId: number, ids: number[]) {
  if (ids.length === 0) return;
  await tx
    .insert(rolePermissions)
    .values(ids.map((permissionId) => ({ roleId, permissionId })))
    .onConflictDoNothing();
}

async function revoke(tx: Db, roleId: number, ids: number[]) {
  if (ids.length === 0) return;
  await assertProtectedKeepsGrants(tx, roleId, ids);
  await tx
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.roleId, roleId), inArray(rolePermissions.permissionId, ids)));
}

/** Makes the role hold exactly `ids`. */
async function replaceGrants(tx: Db, roleId: number, ids: number[]) {
  const dropped = await permissionsOfRole(
    tx,
    roleId,
    { id: permissions.id },
    ids.length > 0 ? notInArray(permissions.id, ids) : undefined,
  );
  await revoke(
    tx,
    roleId,
    dropped.map((d) => d.id),
  );
  await grant(tx, roleId, ids);
}

const unique = (ids: number[]) => [...new Set(ids)];

export function createRole(
  db: Db,
  actor: Actor,
  input: RoleInput,
  audit: AuditWriter,
): Promise<number> {
  return withNameGuard(() =>
    db.transaction(async (tx) => {
      await assertNameFree(tx, input.name);
      const ids = unique(input.permission_ids ?? []);
      await assertGrantable(tx, actor, ids);
      const [row] = await tx
        .insert(roles)
        .values({
          name: input.name,
          description: input.description || null,
          isActive: input.is_active,
        })
        .returning({ id: roles.id });
      await grant(tx, row!.id, ids);
      await audit(tx, {
        entityId: row!.id,
        action: 'create',
        after: await roleSnapshot(tx, row!.id),
      });
      return row!.id;
    }),
  );
}

export function updateRole(
  db: Db,
  actor: Actor,
  id: number,
  input: RoleChanges,
  audit: AuditWriter,
): Promise<void> {
  return withNameGuard(() =>
    db.transaction(async (tx) => {
      const current = await lockRole(tx, id, actor);
      const before = await roleSnapshot(tx, id);
      const name = input.name ?? current.name;
      assertProtectedKept(id, current.name, { ...input, name });
      await assertNameFree(tx, name, id);
      await tx
        .update(roles)
        .set({
          name,
          ...(input.description !== undefined && { description: input.description || null }),
          ...(input.is_active !== undefined && { isActive: input.is_active }),
          updatedAt: nextVersion(roles.updatedAt),
        })
        .where(eq(roles.id, id));
      if (input.permission_ids) {
        const ids = unique(input.permission_ids);
        await assertGrantable(tx, actor, ids);
        await replaceGrants(tx, id, ids);
      }
      await audit(tx, {
        entityId: id,
        action: 'update',
        before,
        after: await roleSnapshot(tx, id),
      });
    }),
  );
}

export function grantPermissions(
  db: Db,
  actor: Actor,
  id: number,
  ids: number[],
  audit: AuditWriter,
): Promise<void> {
  return db.transaction(async (tx) => {
    await lockRole(tx, id, actor);
    const before = await roleSnapshot(tx, id);
    const wanted = unique(ids);
    await assertGrantable(tx, actor, wanted);
    await grant(tx, id, wanted);
    await tx
      .update(roles)
      .set({ updatedAt: nextVersion(roles.updatedAt) })
      .where(eq(roles.id, id));
    await audit(tx, {
      entityId: id,
      action: 'permissions_grant',
      before,
      after: await roleSnapshot(tx, id),
    });
  });
}

export function revokePermissions(
  db: Db,
  actor: Actor,
  id: number,
  ids: number[],
  audit: AuditWriter,
): Promise<void> {
  return db.transaction(async (tx) => {
    await lockRole(tx, id, actor);
    const before = await roleSnapshot(tx, id);
    await revoke(tx, id, unique(ids));
    await tx
      .update(roles)
      .set({ updatedAt: nextVersion(roles.updatedAt) })
      .where(eq(roles.id, id));
    await audit(tx, {
      entityId: id,
      action: 'permissions_revoke',
      before,
      after: await roleSnapshot(tx, id),
    });
  });
}

export async function deleteRole(
  db: Db,
  actor: Actor,
  id: number,
  audit: AuditWriter,
): Promise<void> {
  assertDeletable(id);
  await db
    .transaction(async (tx) => {
      await lockRole(tx, id, actor);
      // A user insert into this role holds a key-share lock on the row, so the count read
      // after our row lock already includes it.
      if ((await countUsers(tx, id)) > 0) throw conflict(ROLE_MESSAGES.hasUsers);
      const before = await roleSnapshot(tx, id);
      await tx.delete(roles).where(eq(roles.id, id));
      await tx.delete(userCounts).where(eq(userCounts.roleId, id));
      await audit(tx, { entityId: id, action: 'delete', before });
    })
    .catch((err: unknown) =>
      rethrowRefusal(err, ({ code }) =>
        code === '23503' ? conflict(ROLE_MESSAGES.hasUsers) : undefined,
      ),
    );
}

/**
 * One page of the catalogue, grouped by module. Modules keep the catalogue's order (by their
 * first permission's id), so a module split across pages continues where it stopped.
 */
export async function listPermissionsGrouped(db: Db, q: { page: number; limit: number }) {
  const { rows, total } = await selectPage(
    () =>
      db
        .select(withTotal(permissionColumns))
        .from(permissions)
        .orderBy(
          sql`min(${permissions.id}) over (partition by ${permissions.resource})`,
          asc(permissions.id),
        )
        .$dynamic(),
    q,
  );
  const grouped: GroupedPermissions = {};
  for (const p of rows as Permission[]) (grouped[p.resource] ??= []).push(p);
  return { grouped, total };
}

/** The global search's roles: by name. */
export const roleSearch: SearchProvider = {
  rows: () =>
    findByName({
      table: roles,
      id: roles.id,
      name: roles.name,
      detail: roles.description,
      match: sql`lower(${roles.name})`,
    }),
};

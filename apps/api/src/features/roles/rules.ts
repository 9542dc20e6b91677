import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { ADMIN_ACCESS, PROTECTED_ROLE_ID, ROLE_MESSAGES } from '@cricket/contracts';
import type { Db } from '../../db/client';
import { permissionsOfRole } from '../../db/grants';
import { permissions, rolePermissions, roles } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../lib/http-errors';
import { rethrowRefusal } from '../../lib/pg-error';

/** The business rules of roles, checked here and nowhere else (decision 015). */

/** The permission names of the signed-in user doing the change. */
export type Actor = readonly string[];

const nameTaken = () => conflict(ROLE_MESSAGES.nameTaken, { name: [ROLE_MESSAGES.nameTaken] });

export async function assertNameFree(tx: Db, name: string, exceptId?: number) {
  const clash = and(
    sql`lower(${roles.name}) = lower(${name})`,
    exceptId === undefined ? undefined : sql`${roles.id} <> ${exceptId}`,
  );
  const [row] = await tx.select({ id: roles.id }).from(roles).where(clash);
  if (row) throw nameTaken();
}

/** Every id must exist, and the actor may only hand out permissions their own role holds. */
export async function assertGrantable(tx: Db, actor: Actor, ids: number[]) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ name: permissions.name })
    .from(permissions)
    .where(inArray(permissions.id, ids));
  if (found.length !== ids.length) {
    throw badRequest(ROLE_MESSAGES.unknownPermission, {
      permission_ids: [ROLE_MESSAGES.unknownPermission],
    });
  }
  if (found.some((p) => !actor.includes(p.name))) throw forbidden(ROLE_MESSAGES.beyondOwnGrants);
}

/** A concurrent write can still slip past the pre-check; the unique index has the last word. */
export function withNameGuard<T>(fn: () => Promise<T>): Promise<T> {
  return fn().catch((err: unknown) =>
    rethrowRefusal(err, ({ code }) => (code === '23505' ? nameTaken() : undefined)),
  );
}

/**
 * An actor may only change a role whose permissions their own role holds: otherwise staff with
 * roles.update could disable or strip a role above their own.
 */
export async function assertWithinOwnRights(tx: Db, actor: Actor, roleId: number) {
  const held = await permissionsOfRole(tx, roleId, { name: permissions.name });
  if (held.some((p) => !actor.includes(p.name))) throw forbidden(ROLE_MESSAGES.beyondOwnRights);
}

/** The admin role keeps its name exactly, letter case included, and stays active (decision 006). */
export function assertProtectedKept(
  id: number,
  currentName: string,
  input: { name: string; is_active?: boolean },
) {
  if (id !== PROTECTED_ROLE_ID) return;
  if (currentName !== input.name)
    throw badRequest(ROLE_MESSAGES.protectedRename, { name: [ROLE_MESSAGES.protectedRename] });
  if (input.is_active === false)
    throw badRequest(ROLE_MESSAGES.protectedDeactivate, {
      is_active: [ROLE_MESSAGES.protectedDeactivate],
    });
}

/** The admin role loses none of its permissions. */
export async function assertProtectedKeepsGrants(tx: Db, roleId: number, ids: number[]) {
  if (roleId !== PROTECTED_ROLE_ID) return;
  const [{ held } = { held: 0 }] = await tx
    .select({ held: count() })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.roleId, roleId), inArray(rolePermissions.permissionId, ids)));
  if (held > 0)
    throw badRequest(ROLE_MESSAGES.protectedStrip, {
      permission_ids: [ROLE_MESSAGES.protectedStrip],
    });
}

/** The admin role is never deleted. */
export function assertDeletable(id: number) {
  if (id === PROTECTED_ROLE_ID) throw badRequest(ROLE_MESSAGES.protectedDelete);
}

/** Whether any of these permission ids is admin.access, the right to sign in. */
export async function includesSignIn(db: Db, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return false;
  const [row] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(inArray(permissions.id, ids), eq(permissions.name, ADMIN_ACCESS)));
  return Boolean(row);
}

/**
 * An administrator may not deactivate their own role or take admin.access from it: the route's
 * edit and a bulk status change alike (`roleId`: the actor's own role).
 */
export async function assertKeepsOwnAccess(
  db: Db,
  roleId: number,
  id: number,
  change: { deactivates?: boolean; keeps?: number[]; drops?: number[] },
) {
  // The admin role has stricter rules of its own (repository), with their own messages.
  if (id !== roleId || id === PROTECTED_ROLE_ID) return;
  const losesAccess =
    change.deactivates ||
    (change.keeps !== undefined && !(await includesSignIn(db, change.keeps))) ||
    (change.drops !== undefined && (await includesSignIn(db, change.drops)));
  if (losesAccess) throw badRequest(ROLE_MESSAGES.selfLockout);
}

import { and, eq, inArray, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { permissions, rolePermissions } from './schema';

/**
 * The one answer to "which permissions does this role hold": sessions, sign-in, the roles
 * screen and the users rules all read grants through it. `roleId` may be a value, a prepared
 * statement's placeholder or a column of an outer query; `only` narrows the permissions.
 */
export function permissionsOfRole<T extends SelectedFields>(
  db: Db,
  roleId: number | SQLWrapper | Column,
  columns: T,
  only?: SQL,
) {
  const granted = db
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return db
    .select(columns)
    .from(permissions)
    .where(and(inArray(permissions.id, granted), only));
}

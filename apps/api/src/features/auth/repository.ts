import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PermissionName } from '@cricket/contracts';
import type { Db } from '../../db/client';
import { permissions, rolePermissions, roles, sessions, users } from '../../db/schema';

export interface SessionContext {
  sessionId: number;
  userId: number;
  roleId: number;
  roleName: string;
  permissions: PermissionName[];
}

function prepareActiveSession(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      roleId: roles.id,
      roleName: roles.name,
      roleActive: roles.isActive,
      permissions: sql<PermissionName[]>`coalesce(array_agg(${permissions.name}) filter (where ${permissions.name} is not null), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        sql`${users.status} <> 'suspended'`,
      ),
    )
    .groupBy(sessions.id, users.id, roles.id)
    .prepare('active_session');
}

// Every request runs this query: it is built once per database instead of on each request.
const activeSessionQueries = new WeakMap<Db, ReturnType<typeof prepareActiveSession>>();

/**
 * The session behind a token with the role's current grants, read on every request so an
 * edited or deactivated role takes effect at once. An inactive role grants nothing.
 */
export async function findActiveSession(db: Db, tokenHash: string): Promise<SessionContext | null> {
  let query = activeSessionQueries.get(db);
  if (!query) activeSessionQueries.set(db, (query = prepareActiveSession(db)));
  const [row] = await query.execute({ tokenHash });
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    roleId: row.roleId,
    roleName: row.roleName,
    permissions: row.roleActive ? row.permissions : [],
  };
}

export async function findLoginCandidate(db: Db, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      status: users.status,
      roleId: users.roleId,
      roleActive: roles.isActive,
      canSignIn: sql<boolean>`exists (
        select 1 from ${rolePermissions} join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
        where ${rolePermissions.roleId} = ${users.roleId} and ${permissions.name} = 'admin.access')`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

export async function createSession(
  db: Db,
  input: {
    tokenHash: string;
    userId: number;
    deviceName: string;
    deviceType: string;
    ip: string;
    userAgent: string | undefined;
    expiresAt: Date;
  },
) {
  await db.insert(sessions).values(input);
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function findProfile(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: roles.id,
      roleName: roles.name,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return row ?? null;
}

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
      grantsVersion: roles.grantsVersion,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        sql`${users.status} <> 'suspended'`,
      ),
    )
    .prepare('active_session');
}

function prepareRoleGrants(db: Db) {
  return db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, sql.placeholder('roleId')))
    .prepare('role_grants');
}

interface PerDatabase {
  activeSession: ReturnType<typeof prepareActiveSession>;
  roleGrants: ReturnType<typeof prepareRoleGrants>;
  /** Grants per role, valid while the role's grants_version (bumped by a trigger) is unchanged. */
  grants: Map<number, { version: number; names: PermissionName[] }>;
}

// Every request needs these: the statements are built once per database, not per request.
const perDatabase = new WeakMap<Db, PerDatabase>();

function stateOf(db: Db): PerDatabase {
  let state = perDatabase.get(db);
  if (!state) {
    state = { activeSession: prepareActiveSession(db), roleGrants: prepareRoleGrants(db), grants: new Map() };
    perDatabase.set(db, state);
  }
  return state;
}

/**
 * The session behind a token with the role's current grants. The role's grants_version is
 * read with the session on every request, so an edited or deactivated role takes effect at
 * once on every instance; only the permission names are cached between requests.
 * An inactive role grants nothing.
 */
export async function findActiveSession(db: Db, tokenHash: string): Promise<SessionContext | null> {
  const state = stateOf(db);
  const [row] = await state.activeSession.execute({ tokenHash });
  if (!row) return null;
  let grants = state.grants.get(row.roleId);
  if (grants?.version !== row.grantsVersion) {
    const names = (await state.roleGrants.execute({ roleId: row.roleId })).map((p) => p.name as PermissionName);
    grants = { version: row.grantsVersion, names };
    state.grants.set(row.roleId, grants);
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    roleId: row.roleId,
    roleName: row.roleName,
    permissions: row.roleActive ? grants.names : [],
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

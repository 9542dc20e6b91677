import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { permissionsOfRole } from '../../db/grants';
import { permissions, roles, sessions, users } from '../../db/schema';

export async function findLoginCandidate(db: Db, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      status: users.status,
      roleId: users.roleId,
      roleActive: roles.isActive,
      canSignIn: sql<boolean>`exists (${permissionsOfRole(db, users.roleId, { one: sql`1` }, eq(permissions.name, 'admin.access'))})`,
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
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function findProfile(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phoneNumber: users.phoneNumber,
      profilePicture: users.profilePicture,
      createdAt: users.createdAt,
      roleId: roles.id,
      roleName: roles.name,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return row ?? null;
}

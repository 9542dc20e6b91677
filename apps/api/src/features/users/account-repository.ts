import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AccountFormValues, OwnSession } from '@cricket/contracts';
import type { Db } from '../../db/client';
import { selectPage, withTotal } from '../../db/page';
import { sessions, users } from '../../db/schema';
import { nextVersion } from '../../lib/record-version';
import type { PageRequest } from '../../lib/envelope';
import type { AuditWriter } from '../../plugins/audit';
import { forgetNameMatches } from './list-planner';
import { findUser, lockUser, userSnapshot } from './repository';
import { deviceOf } from './device';

/** Saves the fields a person may change on their own account; false when they are gone. */
export async function updateAccount(
  db: Db,
  userId: number,
  v: AccountFormValues,
  audit: AuditWriter,
): Promise<boolean> {
  const saved = await db.transaction(async (tx) => {
    const before = await lockUser(tx, userId);
    if (!before) return false;
    await tx
      .update(users)
      .set({
        firstName: v.first_name,
        lastName: v.last_name,
        phoneNumber: v.phone_number,
        profilePicture: v.profile_picture,
        updatedAt: nextVersion(users.updatedAt),
      })
      .where(eq(users.id, userId));
    await audit(tx, {
      entityId: userId,
      action: 'update',
      before: userSnapshot(before),
      after: userSnapshot(await findUser(tx, userId)),
    });
    return true;
  });
  forgetNameMatches(db);
  return saved;
}

export async function findPasswordHash(db: Db, userId: number) {
  const [row] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.hash ?? null;
}

const activeOf = (userId: number) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** One page of the person's sessions that can still be used, the most recently used first. */
export async function listOwnSessions(
  db: Db,
  userId: number,
  currentId: number,
  q: PageRequest,
): Promise<{ rows: OwnSession[]; total: number }> {
  const { rows, total } = await selectPage(
    () =>
      db
        .select(
          withTotal({
            id: sessions.id,
            deviceName: sessions.deviceName,
            deviceType: sessions.deviceType,
            userAgent: sessions.userAgent,
            createdAt: sessions.createdAt,
            lastUsedAt: sessions.lastUsedAt,
          }),
        )
        .from(sessions)
        .where(activeOf(userId))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
        .$dynamic(),
    q,
  );
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      device: deviceOf(r.userAgent),
      device_name: r.deviceName,
      device_type: r.deviceType,
      created_at: r.createdAt.toISOString(),
      last_used_at: r.lastUsedAt.toISOString(),
      current: r.id === currentId,
    })),
  };
}

/** Ends one of the person's own sessions; false when it is not theirs or already ended. */
export async function endOwnSession(db: Db, userId: number, sessionId: number) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(activeOf(userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of the person but the one making the request; how many it ended. */
export async function endOtherSessions(db: Db, userId: number, currentId: number) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(activeOf(userId), ne(sessions.id, currentId)))
    .returning({ id: sessions.id });
  return rows.length;
}

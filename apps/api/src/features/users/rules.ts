import {
  ADMIN_ACCESS,
  PERSONAL_DATA_MESSAGES,
  PROTECTED_ROLE_ID,
  TIME_ZONE_MESSAGES,
  USER_ERRORS,
  type User,
  type UserFormValues,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import type { sessionOf } from '../../plugins/auth';
import { badRequest, conflict, forbidden } from '../../lib/http-errors';
import { rethrowRefusal } from '../../lib/pg-error';
import { knownTimeZone } from '../../lib/quiet-hours';
import { findRoleGrants, findTakenFields, ownsAnyTeam } from './repository';
import { isErased, isLastAdmin, type ErasureChecks } from './personal-data-repository';

type Session = ReturnType<typeof sessionOf>;

/**
 * Whoever manages a user must hold every permission the user's role grants; otherwise staff
 * with users.update could set an administrator's password and sign in as them.
 */
export async function assertRoleWithinRights(db: Db, session: Session, roleId: number) {
  const grants = await findRoleGrants(db, roleId);
  if (grants && !grants.permissions.every((p) => (session.permissions as string[]).includes(p))) {
    throw forbidden(USER_ERRORS.beyondOwnRights);
  }
  return grants;
}

/**
 * The role a save assigns must exist, be within the actor's rights and, if new, be active.
 * `currentGrants`, the user's current role as assertRoleWithinRights read it, spares reading
 * the same role again when the save keeps it.
 */
export async function assertAssignableRole(
  db: Db,
  session: Session,
  roleId: number,
  currentRoleId?: number,
  currentGrants?: Awaited<ReturnType<typeof findRoleGrants>>,
) {
  const grants =
    currentGrants !== undefined && roleId === currentRoleId
      ? currentGrants
      : await assertRoleWithinRights(db, session, roleId);
  // A user may keep a role that was deactivated after they got it.
  if (!grants || (!grants.isActive && roleId !== currentRoleId)) {
    throw badRequest(USER_ERRORS.roleUnavailable, { role_id: [USER_ERRORS.roleUnavailable] });
  }
}

/**
 * An administrator may not take their own way in away (suspend themselves, or move to a role
 * that is inactive or lacks admin.access): nobody might be left who can sign in and undo it.
 */
export async function assertKeepsOwnAccess(
  db: Db,
  session: Session,
  userId: number,
  next: Pick<UserFormValues, 'role_id' | 'status'>,
) {
  if (userId !== session.userId) return;
  const grants = await findRoleGrants(db, next.role_id);
  if (
    next.status === 'suspended' ||
    !grants?.isActive ||
    !grants.permissions.includes(ADMIN_ACCESS)
  ) {
    throw badRequest(USER_ERRORS.selfLockout, {
      [next.status === 'suspended' ? 'status' : 'role_id']: [USER_ERRORS.selfLockout],
    });
  }
}

/** 409 naming every field (email, phone number) another user already has. */
export async function assertUnique(db: Db, v: UserFormValues, exceptId?: number) {
  const taken = await findTakenFields(
    db,
    { email: v.email, phoneNumber: v.phone_number },
    exceptId,
  );
  const errors: Record<string, string[]> = {};
  if (taken.email) errors.email = [USER_ERRORS.emailTaken];
  if (taken.phoneNumber) errors.phone_number = [USER_ERRORS.phoneTaken];
  const first = errors.email?.[0] ?? errors.phone_number?.[0];
  if (first) throw conflict(first, errors);
}

/** The user's time zone as the database spells it: a send computes quiet hours with it. */
export async function withKnownTimeZone<V extends UserFormValues>(db: Db, v: V): Promise<V> {
  if (!v.time_zone) return v;
  const zone = await knownTimeZone(db, v.time_zone);
  if (!zone)
    throw badRequest(TIME_ZONE_MESSAGES.invalid, { time_zone: [TIME_ZONE_MESSAGES.invalid] });
  return { ...v, time_zone: zone };
}

/** The unique indexes have the last word when two saves race past the pre-check. */
export function rethrowUniqueViolation(err: unknown): never {
  return rethrowRefusal(err, ({ code, constraint }) => {
    if (code !== '23505') return undefined;
    if (constraint === 'users_email_lower_uq')
      return conflict(USER_ERRORS.emailTaken, { email: [USER_ERRORS.emailTaken] });
    if (constraint === 'users_phone_uq')
      return conflict(USER_ERRORS.phoneTaken, { phone_number: [USER_ERRORS.phoneTaken] });
    return undefined;
  });
}

/**
 * What still holds on to a user blocks the delete: a team given to them after the ownership
 * check, or their scorecards (match history is never rewritten by a delete).
 */
export function rethrowDeleteRefusal(err: unknown): never {
  return rethrowRefusal(err, ({ code, constraint }) => {
    // A refused foreign key: PostgreSQL reports 23503, PGlite 23001 for an `on delete restrict`.
    if (code !== '23503' && code !== '23001') return undefined;
    if (constraint === 'player_stats_user_id_users_id_fk')
      return conflict(USER_ERRORS.hasMatchHistory);
    return conflict(USER_ERRORS.ownsTeam);
  });
}

/**
 * What keeps a user from being deleted, for the route and the bulk delete alike: not oneself,
 * within the actor's rights, and owning no team (a team needs an owner).
 */
export async function assertDeletable(db: Db, session: Session, current: User) {
  if (current.id === session.userId) throw badRequest(USER_ERRORS.selfDelete);
  await assertRoleWithinRights(db, session, current.role_id);
  if (await ownsAnyTeam(db, current.id)) throw conflict(USER_ERRORS.ownsTeam);
}

/**
 * What keeps a user's status from changing alone (a bulk status change): the checks of an
 * edit that keeps their role, email and phone number.
 */
export async function assertStatusSettable(
  db: Db,
  session: Session,
  current: User,
  status: UserFormValues['status'],
) {
  const grants = await assertRoleWithinRights(db, session, current.role_id);
  await assertAssignableRole(db, session, current.role_id, current.role_id, grants);
  await assertKeepsOwnAccess(db, session, current.id, { role_id: current.role_id, status });
}

/**
 * What keeps a person from being erased, checked under the erasure's lock of their row: not
 * oneself (the request would end its own session mid-way), within the actor's rights, the
 * typed email theirs, not erased already, owning no team (a team needs an owner who can be
 * reached), and not the last active administrator.
 */
export function erasureChecks(session: Session, confirm: string): ErasureChecks {
  return async (tx, target) => {
    if (target.id === session.userId) throw badRequest(PERSONAL_DATA_MESSAGES.selfErase);
    await assertRoleWithinRights(tx, session, target.role_id);
    if (await isErased(tx, target.id)) throw conflict(PERSONAL_DATA_MESSAGES.alreadyErased);
    if (confirm.toLowerCase() !== target.details.email.toLowerCase())
      throw badRequest(PERSONAL_DATA_MESSAGES.confirmMismatch, {
        confirm: [PERSONAL_DATA_MESSAGES.confirmMismatch],
      });
    if (await ownsAnyTeam(tx, target.id)) throw conflict(PERSONAL_DATA_MESSAGES.ownsTeam);
    if (await isLastAdmin(tx, target.id, PROTECTED_ROLE_ID))
      throw conflict(PERSONAL_DATA_MESSAGES.lastAdmin);
  };
}

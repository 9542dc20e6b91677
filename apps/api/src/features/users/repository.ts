import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ORGANIZER_ROLE,
  fullName,
  type User,
  type UserFormValues,
  type UsersExportQuery,
} from '@cricket/contracts';
import { isTransaction, preparedOnce, type Db } from '../../db/client';
import { permissionsOfRole } from '../../db/grants';
import { keyColumns, keysetBatches, keysetOf } from '../../db/export';
import { selectPage, withTotal } from '../../db/page';
import {
  SEARCH_VALUES,
  byPersonName,
  personDetails,
  phoneDigits,
  userNameOrPhone,
} from '../../db/search';
import { permissions, roles, sessions, teamPlayers, teams, users } from '../../db/schema';
import { nextVersion } from '../../lib/record-version';
import { reference } from '../../lib/audit';
import { likePattern } from '../../lib/like-pattern';
import type { AuditWriter } from '../../plugins/audit';
import type { SearchProvider } from '../../plugins/global-search';
import { forgetNameMatches } from './list-planner';
import { userRecord } from './user-record';

export async function listOrganizers(
  db: Db,
  q: { page: number; limit: number; search?: string; organizer_id?: number },
) {
  const filters: SQL[] = [
    sql`lower(${roles.name}) = ${ORGANIZER_ROLE}`,
    sql`${users.status} <> 'suspended'`,
  ];
  if (q.organizer_id) filters.push(eq(users.id, q.organizer_id));
  if (q.search) filters.push(userNameOrPhone(q.search));
  const where = and(...filters);
  const { rows, total } = await selectPage(
    () =>
      db
        .select(
          withTotal({
            id: users.id,
            phoneNumber: users.phoneNumber,
            firstName: users.firstName,
            lastName: users.lastName,
          }),
        )
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(where)
        .orderBy(...byPersonName)
        .$dynamic(),
    q,
  );
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      phone_number: r.phoneNumber,
      details: personDetails(r),
    })),
  };
}

const selectUser = (db: Db, id: unknown) =>
  db
    .select({ user: sql<User>`row_to_json(x)` })
    .from(sql`(${userRecord} from ${users} u where u.id = ${id}) x`);

/**
 * A user as the API answers it. Outside a transaction (the profile, the checks before an edit)
 * by a statement prepared once, the one read of a user detail page (decision 042).
 */
export async function findUser(db: Db, id: number): Promise<User | null> {
  const [row] = isTransaction(db)
    ? await selectUser(db, id)
    : await preparedOnce(db, 'user_by_id', (prepared) =>
        selectUser(prepared, sql.placeholder('id')).prepare('user_by_id'),
      ).execute({ id });
  return row?.user ?? null;
}

/**
 * Locks the user row for the rest of the transaction and reads it as the API answers it, in
 * one statement (only `u` is locked: the role's name is read by a subquery).
 */
export async function lockUser(tx: Db, id: number): Promise<User | null> {
  const [row] = await tx
    .select({ user: sql<User>`row_to_json(x)` })
    .from(sql`(${userRecord} from ${users} u where u.id = ${id} for update of u) x`);
  return row?.user ?? null;
}

/**
 * The fields a user's email or phone number would collide on, excluding the user itself. Every
 * create and edit of a user asks, so the statement is prepared once (decision 042).
 */
export async function findTakenFields(
  db: Db,
  v: { email: string; phoneNumber: string },
  exceptId?: number,
) {
  const rows = await preparedOnce(db, 'user_taken_fields', (prepared) =>
    prepared
      .select({ email: users.email, phoneNumber: users.phoneNumber })
      .from(users)
      .where(
        and(
          or(
            sql`lower(${users.email}) = ${sql.placeholder('email')}`,
            eq(users.phoneNumber, sql.placeholder('phoneNumber')),
          ),
          // No user has id 0: a new user excludes nobody.
          ne(users.id, sql.placeholder('exceptId')),
        ),
      )
      .prepare('user_taken_fields'),
  ).execute({ email: v.email.toLowerCase(), phoneNumber: v.phoneNumber, exceptId: exceptId ?? 0 });
  return {
    email: rows.some((r) => r.email.toLowerCase() === v.email.toLowerCase()),
    phoneNumber: rows.some((r) => r.phoneNumber === v.phoneNumber),
  };
}

/** A role's active flag and every permission it grants (null when there is no such role). */
export async function findRoleGrants(db: Db, roleId: number) {
  const [row] = await preparedOnce(db, 'role_with_grants', (prepared) =>
    prepared
      .select({
        isActive: roles.isActive,
        permissions: sql<
          string[]
        >`array(${permissionsOfRole(prepared, roles.id, { name: permissions.name })})`,
      })
      .from(roles)
      .where(eq(roles.id, sql.placeholder('roleId')))
      .prepare('role_with_grants'),
  ).execute({ roleId });
  return row ?? null;
}

const toColumns = (v: UserFormValues) => ({
  firstName: v.first_name,
  lastName: v.last_name,
  email: v.email,
  phoneNumber: v.phone_number,
  roleId: v.role_id,
  status: v.status,
  dateOfBirth: v.date_of_birth,
  gender: v.gender,
  address: v.address,
  city: v.city,
  state: v.state,
  country: v.country,
  pincode: v.pincode,
  profilePicture: v.profile_picture,
  timeZone: v.time_zone,
});

/** A user as the audit trail compares it: the API's fields, flat. */
/** A user as their audit record keeps them: flat, the role by name and id (decision 039). */
export function userSnapshot(u: User | null) {
  if (!u) return null;
  const {
    details,
    id: _id,
    created_at: _created,
    updated_at: _updated,
    role_id: roleId,
    role,
    ...account
  } = u;
  return { ...account, role: reference(roleId, role), ...details };
}

/** Creates a user; answers them as the API does, read inside the transaction that made them. */
export async function insertUser(db: Db, v: UserFormValues, audit: AuditWriter): Promise<User> {
  const created = await db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(toColumns(v)).returning({ id: users.id });
    const after = (await findUser(tx, row!.id))!;
    await audit(tx, { entityId: row!.id, action: 'create', after: userSnapshot(after) });
    return after;
  });
  // This instance must find the new name on its very next search; others hear it notified.
  forgetNameMatches(db);
  return created;
}

/** Edits a user; answers them as the API does after the edit, or null when there is none. */
export async function updateUser(
  db: Db,
  id: number,
  v: UserFormValues,
  audit: AuditWriter,
): Promise<User | null> {
  const updated = await changeUser(db, id, toColumns(v), audit);
  forgetNameMatches(db);
  return updated;
}

/** Writes `columns` on the user under a row lock, audited as an edit with before and after. */
function changeUser(
  db: Db,
  id: number,
  columns: Partial<typeof users.$inferInsert>,
  audit: AuditWriter,
): Promise<User | null> {
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    if (!before) return null;
    await tx
      .update(users)
      .set({ ...columns, updatedAt: nextVersion(users.updatedAt) })
      .where(eq(users.id, id));
    const after = (await findUser(tx, id))!;
    await audit(tx, {
      entityId: id,
      action: 'update',
      before: userSnapshot(before),
      after: userSnapshot(after),
    });
    return after;
  });
}

/** Sets a user's status alone (a bulk status change), audited as an edit of the user. */
export async function setUserStatus(
  db: Db,
  id: number,
  status: UserFormValues['status'],
  audit: AuditWriter,
): Promise<User | null> {
  return changeUser(db, id, { status }, audit);
}

export async function ownsAnyTeam(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.ownerId, userId))
    .limit(1);
  return Boolean(row);
}

/**
 * Removes a user with their squad places and sessions (the foreign keys cascade), keeping each
 * team's stored player count in step, in one transaction.
 */
export async function deleteUser(db: Db, id: number, audit: AuditWriter): Promise<boolean> {
  return db
    .transaction(async (tx) => {
      const before = await lockUser(tx, id);
      if (!before) return false;
      await tx
        .update(teams)
        .set({ playersCount: sql`${teams.playersCount} - 1` })
        .where(
          inArray(
            teams.id,
            tx
              .select({ id: teamPlayers.teamId })
              .from(teamPlayers)
              .where(eq(teamPlayers.userId, id)),
          ),
        );
      await tx.delete(users).where(eq(users.id, id));
      await audit(tx, { entityId: id, action: 'delete', before: userSnapshot(before) });
      return true;
    })
    .finally(() => forgetNameMatches(db));
}

/** Sets a new password and signs the user out everywhere except, optionally, one session. */
export async function setPassword(
  db: Db,
  id: number,
  passwordHash: string,
  keepSessionId: number | undefined,
  audit: AuditWriter,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: nextVersion(users.updatedAt) })
      .where(eq(users.id, id));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(sessions.userId, id),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      );
    // An event without values: neither password nor hash enters the trail.
    await audit(tx, { entityId: id, action: 'password_change' });
  });
}

/**
 * The global search's users: by an email prefix when the text holds '@', by phone when it is
 * only digits (3 or more) and separators, else by name; each a statement shape of its own.
 * A name is looked up among the distinct names (`user_search_names`), at most
 * SEARCH_NAME_CANDIDATES of them, the earliest match first, then each name's newest users
 * through the `(search_name, id)` index: bounded work at a million users, and no total, which
 * the box does not show (decision 046).
 */
export const userSearch: SearchProvider = {
  shape: (q) =>
    q.includes('@')
      ? 'email'
      : /^[\d\s()+-]+$/.test(q) && phoneDigits(q).length >= 3
        ? 'phone'
        : 'name',
  rows: (shape) => {
    const { text, pattern, from, to, digits, stigid, limit } = SEARCH_VALUES;
    const name = sql`coalesce(nullif(concat_ws(' ', nullif(u.first_name, ''), nullif(u.last_name, '')), ''), u.email)`;
    const hit = sql`u.id as _id, ${name} as name, u.email as detail`;
    // Ranges in the order of a text_pattern_ops index: read from where the text begins, and
    // only as far as the limit.
    if (shape === 'email')
      return sql`select ${hit}, lower(u.email) collate "C" as ord from users u
        where lower(u.email) ~>=~ ${from} and lower(u.email) ~<~ ${to}
        order by lower(u.email) using ~<~ limit ${limit}`;
    // A number is found by its first or its last digits (a trigram index over digits matched
    // thousands of rows for every three of them); those that begin so come first.
    if (shape === 'phone')
      return sql`select ${hit}, row_number() over (order by u.part, u.ord) as ord from (
          (select *, 0 as part, phone_number::text collate "C" as ord from users
            where phone_number ~>=~ ${digits} and phone_number ~<~ (${digits} || ':')
            order by phone_number using ~<~ limit ${limit})
          union all
          (select *, 1 as part, reverse(phone_number) collate "C" as ord from users
            where reverse(phone_number) ~>=~ ${stigid} and reverse(phone_number) ~<~ (${stigid} || ':')
              and phone_number not like (${digits} || '%')
            order by reverse(phone_number) using ~<~ limit ${limit})
        ) u order by ord limit ${limit}`;
    return sql`select ${hit}, row(n.ord, -u.id) as ord
      from (select c.name, row_number() over (
          order by nullif(strpos(c.name, ${text}), 0) nulls last, length(c.name), c.name) as ord
        from (select name from user_search_names where users > 0 and name like ${pattern}
          limit ${SEARCH_NAME_CANDIDATES}) c
        order by ord limit ${limit}) n
      cross join lateral (select id, first_name, last_name, email from users
        where search_name = n.name order by id desc limit ${limit}) u
      order by ord limit ${limit}`;
  },
};

/**
 * How many matching names the box ranks: enough that the name people mean is among them for
 * any text worth typing, few enough that a two-letter search stays cheap.
 */
const SEARCH_NAME_CANDIDATES = 50;

/**
 * Every user the list's filters match, newest first as the list, in batches (the CSV export):
 * the same matches as `listUsers`, walked down the primary key from one batch's last id, so a
 * million users are never sorted nor held. Only the declared columns are read: no password.
 */
export function exportUsers(db: Db, q: UsersExportQuery) {
  const digits = q.phone_number ? phoneDigits(q.phone_number) : null;
  // The list's orders (list-planner), each walked along its index, the id breaking ties.
  const keyset = keysetOf(
    q,
    {
      name: users.searchName,
      email: sql`lower(${users.email})`,
      phone_number: users.phoneNumber,
      created_at: users.createdAt,
    },
    users.id,
    'desc',
  );
  const filters: (SQL | undefined)[] = [
    q.role_id ? eq(users.roleId, q.role_id) : undefined,
    q.status ? eq(users.status, q.status) : undefined,
    // Letters in a phone search match nobody, as in the list.
    digits === null
      ? undefined
      : digits === ''
        ? sql`false`
        : sql`${users.phoneNumber} like ${likePattern(digits)}`,
    q.name ? sql`${users.searchName} like ${likePattern(q.name.replace(/\s+/g, ' '))}` : undefined,
  ];
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phoneNumber: users.phoneNumber,
        role: roles.name,
        status: users.status,
        createdAt: users.createdAt,
        ...keyColumns(keyset),
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map((u) => ({
      id: u.id,
      name: fullName({ first_name: u.firstName, last_name: u.lastName }, ''),
      email: u.email,
      phone_number: u.phoneNumber,
      role: u.role,
      status: u.status,
      created_at: u.createdAt.toISOString(),
      keyValue: u.keyValue,
      keyId: u.keyId,
    }));
  });
}

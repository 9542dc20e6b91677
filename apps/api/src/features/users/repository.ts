import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ORGANIZER_ROLE,
  type User,
  type UserFormValues,
  type UsersQuery,
} from '@cricket/contracts';
import { preparedOnce, type Db } from '../../db/client';
import { userNameOrPhone } from '../../db/search';
import { likePattern } from '../../lib/like-pattern';
import {
  permissions,
  rolePermissions,
  roles,
  sessions,
  teamPlayers,
  teams,
  userCounts,
  userSearchNames,
  users,
} from '../../db/schema';

/**
 * A text search cannot read its total from user_counts, so it counts its matches, newest
 * first, only up to this many rows past the requested page. Below the window the total is
 * exact; beyond it the total is that lower bound and grows as the reader pages on.
 */
export const SEARCH_TOTAL_WINDOW = 200;

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
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        id: users.id,
        phoneNumber: users.phoneNumber,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where),
  ]);
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      phone_number: r.phoneNumber,
      details: { first_name: r.firstName, last_name: r.lastName },
    })),
  };
}

const userColumns = {
  id: users.id,
  phoneNumber: users.phoneNumber,
  roleId: users.roleId,
  // A subquery rather than a join: a handful of primary-key probes is cheaper than hashing roles.
  role: sql<string>`(select r.name from ${roles} r where r.id = ${users}.role_id)`,
  status: users.status,
  createdAt: users.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  dateOfBirth: users.dateOfBirth,
  gender: users.gender,
  address: users.address,
  city: users.city,
  state: users.state,
  country: users.country,
  pincode: users.pincode,
  profilePicture: users.profilePicture,
};

const selectUsers = (db: Db) => db.select(userColumns).from(users);
type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

function toUser(r: UserRow): User {
  return {
    id: r.id,
    phone_number: r.phoneNumber,
    role_id: r.roleId,
    role: r.role,
    status: r.status,
    created_at: new Date(r.createdAt).toISOString(),
    details: {
      first_name: r.firstName,
      last_name: r.lastName,
      email: r.email,
      date_of_birth: r.dateOfBirth,
      gender: r.gender,
      address: r.address,
      city: r.city,
      state: r.state,
      country: r.country,
      pincode: r.pincode,
      profile_picture: r.profilePicture,
    },
  };
}

function countsTotal(db: Db, q: UsersQuery) {
  return db
    .select({ total: sql<number>`coalesce(sum(${userCounts.count}), 0)::int` })
    .from(userCounts)
    .where(
      and(
        q.role_id ? eq(userCounts.roleId, q.role_id) : undefined,
        q.status ? eq(userCounts.status, q.status) : undefined,
      ),
    );
}

/**
 * A page without a text search, prepared once per filter combination and run with the
 * generic plan (see preparedDb): building and planning the query would cost more than
 * PostgreSQL spends answering it. The page's ids come from an index in id order (newest
 * first) and only those rows are read, whatever the offset; the exact total from
 * user_counts rides along in the same statement.
 */
function preparePlainPage(prepared: Db, name: string, byRole: boolean, byStatus: boolean) {
  const role = sql.placeholder('roleId');
  const status = sql.placeholder('status');
  const total = prepared
    .select({ total: sql<number>`coalesce(sum(${userCounts.count}), 0)::int` })
    .from(userCounts)
    .where(
      and(
        byRole ? eq(userCounts.roleId, role) : undefined,
        byStatus ? eq(userCounts.status, status) : undefined,
      ),
    );
  const pageIds = prepared
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        byRole ? eq(users.roleId, role) : undefined,
        byStatus ? eq(users.status, status) : undefined,
      ),
    )
    .orderBy(desc(users.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return (
    prepared
      .select({ ...userColumns, total: sql<number>`(${total})` })
      .from(users)
      // An array, not IN: the generic plan then probes the primary key for exactly these ids.
      .where(sql`${users.id} = any(array(${pageIds}))`)
      .orderBy(desc(users.id))
      .prepare(name)
  );
}

function plainPage(db: Db, byRole: boolean, byStatus: boolean) {
  const name = `users_page${byRole ? '_role' : ''}${byStatus ? '_status' : ''}`;
  return preparedOnce(db, name, (prepared) => preparePlainPage(prepared, name, byRole, byStatus));
}

/**
 * A name search, prepared once and right for any pattern: the pattern is matched against the
 * distinct names in user_search_names (trigram index), then the page comes from whichever is
 * cheaper, as a single statement decides from the dictionary's counts:
 *  - few matching names holding few users ("rohit sharma"): each name's newest users from the
 *    (search_name, id) index, merged;
 *  - many ("sharma", "a"): users newest first, keeping those whose name matches, which soon
 *    finds a page because matches are dense.
 * The first costs names × cap index probes, the second about cap × users / matches rows.
 * Without other filters the total is exact, the dictionary's sum; with them it is counted up
 * to `cap` matches.
 */
function prepareNameSearch(
  prepared: Db,
  name: string,
  byRole: boolean,
  byStatus: boolean,
  byPhone: boolean,
) {
  const pattern = sql.placeholder('pattern');
  const cap = sql.placeholder('cap');
  // Only the filters in use are written in, so each combination gets a plan of its own; without
  // any, a name's newest users come straight from the (search_name, id) index.
  const alsoMatches = sql.join(
    [
      sql`true`,
      byRole ? sql`u.role_id = ${sql.placeholder('roleId')}` : undefined,
      byStatus ? sql`u.status = ${sql.placeholder('status')}` : undefined,
      byPhone ? sql`u.phone_number like ${sql.placeholder('phone')}` : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  const names = prepared
    .$with('names', { name: sql<string>`name` })
    .as(sql`select name, users from ${userSearchNames} where name like ${pattern}`);
  const byName = prepared.$with('by_name', { yes: sql<boolean>`yes` })
    .as(sql`select count(*) * coalesce(sum(users), 0) <= (select coalesce(sum(${userCounts.count}), 0) from ${userCounts}) as yes
            from names`);
  const capped = prepared.$with('capped', { id: sql<number>`id` }).as(sql`
    select id from (
      (select x.id from names cross join lateral (
         select u.id from ${users} u where u.search_name = names.name and ${alsoMatches}
         order by u.id desc limit ${cap}) x
       where (select yes from by_name))
      union all
      (select u.id from ${users} u
       where not (select yes from by_name) and u.search_name like ${pattern} and ${alsoMatches}
       order by u.id desc limit ${cap})
    ) candidates order by id desc limit ${cap}`);
  return prepared
    .with(names, byName, capped)
    .select({
      ...userColumns,
      total: sql<number>`case when ${sql.placeholder('exact')}::boolean
        then (select coalesce(sum(users), 0)::int from names) else (select count(*)::int from capped) end`,
    })
    .from(users)
    .where(
      sql`${users.id} = any(array(select id from capped order by id desc
        limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}))`,
    )
    .orderBy(desc(users.id))
    .prepare(name);
}

async function searchByName(
  db: Db,
  q: UsersQuery & { name: string },
  phoneDigits: string | null,
  offset: number,
) {
  const flags = [Boolean(q.role_id), Boolean(q.status), Boolean(phoneDigits)] as const;
  const name = `users_by_name${flags[0] ? '_role' : ''}${flags[1] ? '_status' : ''}${flags[2] ? '_phone' : ''}`;
  const query = preparedOnce(db, name, (prepared) => prepareNameSearch(prepared, name, ...flags));
  const exact = !flags.includes(true);
  const params = {
    pattern: likePattern(q.name.replace(/\s+/g, ' ')),
    roleId: q.role_id,
    status: q.status,
    phone: phoneDigits ? likePattern(phoneDigits) : undefined,
    exact,
    cap: offset + (exact ? q.limit : SEARCH_TOTAL_WINDOW),
  };
  const rows = await query.execute({ ...params, limit: q.limit, offset });
  if (rows[0] || offset === 0) return { rows: rows.map(toUser), total: rows[0]?.total ?? 0 };
  // Past the last page: the first row of the same search carries the total.
  const [first] = await query.execute({ ...params, limit: 1, offset: 0 });
  return { rows: [], total: first?.total ?? 0 };
}

/**
 * `GET /users`, newest first. Without a text search the total is the exact sum from
 * user_counts; a name search reads it from user_search_names (see prepareNameSearch). A
 * phone search alone is not prepared (its best plan depends on the digits) and counts its
 * matches only within SEARCH_TOTAL_WINDOW past the page.
 */
export async function listUsers(db: Db, q: UsersQuery): Promise<{ rows: User[]; total: number }> {
  const offset = (q.page - 1) * q.limit;
  const phoneDigits = q.phone_number
    ? q.phone_number.trim().replace(/^\+91/, '').replace(/\D/g, '')
    : null;
  // Letters in a phone search match nobody rather than everybody.
  if (phoneDigits === '') return { rows: [], total: 0 };
  if (q.name) return searchByName(db, { ...q, name: q.name }, phoneDigits, offset);

  if (!phoneDigits) {
    const rows = await plainPage(db, Boolean(q.role_id), Boolean(q.status)).execute({
      roleId: q.role_id,
      status: q.status,
      limit: q.limit,
      offset,
    });
    if (rows[0]) return { rows: rows.map(toUser), total: rows[0].total };
    const [{ total } = { total: 0 }] = await countsTotal(db, q);
    return { rows: [], total };
  }

  const where = and(
    q.role_id ? eq(users.roleId, q.role_id) : undefined,
    q.status ? eq(users.status, q.status) : undefined,
    sql`${users.phoneNumber} like ${likePattern(phoneDigits)}`,
  );
  const cap = offset + SEARCH_TOTAL_WINDOW;
  const matched = db
    .$with('matched')
    .as(db.select({ id: users.id }).from(users).where(where).orderBy(desc(users.id)).limit(cap));
  const rows = await db
    .with(matched)
    .select({ ...userColumns, total: sql<number>`(select count(*)::int from ${matched})` })
    .from(users)
    .where(
      inArray(
        users.id,
        db
          .select({ id: matched.id })
          .from(matched)
          .orderBy(desc(matched.id))
          .limit(q.limit)
          .offset(offset),
      ),
    )
    .orderBy(desc(users.id));
  if (rows[0]) return { rows: rows.map(toUser), total: rows[0].total };
  const capped = db
    .select({ one: sql`1` })
    .from(users)
    .where(where)
    .limit(cap)
    .as('capped');
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(capped);
  return { rows: [], total };
}

export async function findUser(db: Db, id: number): Promise<User | null> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  return row ? toUser(row) : null;
}

/** The fields a user's email or phone number would collide on, excluding the user itself. */
export async function findTakenFields(
  db: Db,
  v: { email: string; phoneNumber: string },
  exceptId?: number,
) {
  const rows = await db
    .select({ email: users.email, phoneNumber: users.phoneNumber })
    .from(users)
    .where(
      and(
        or(
          sql`lower(${users.email}) = ${v.email.toLowerCase()}`,
          eq(users.phoneNumber, v.phoneNumber),
        ),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  return {
    email: rows.some((r) => r.email.toLowerCase() === v.email.toLowerCase()),
    phoneNumber: rows.some((r) => r.phoneNumber === v.phoneNumber),
  };
}

/** A role's active flag and every permission it grants (null when there is no such role). */
export async function findRoleGrants(db: Db, roleId: number) {
  const [row] = await db
    .select({
      isActive: roles.isActive,
      permissions: sql<
        string[]
      >`coalesce(array_agg(${permissions.name}) filter (where ${permissions.name} is not null), '{}')`,
    })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(roles.id, roleId))
    .groupBy(roles.id);
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
});

export async function insertUser(db: Db, v: UserFormValues): Promise<number> {
  const [row] = await db.insert(users).values(toColumns(v)).returning({ id: users.id });
  return row!.id;
}

export async function updateUser(db: Db, id: number, v: UserFormValues): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...toColumns(v), updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
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
export async function deleteUser(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .update(teams)
      .set({ playersCount: sql`${teams.playersCount} - 1` })
      .where(
        inArray(
          teams.id,
          tx.select({ id: teamPlayers.teamId }).from(teamPlayers).where(eq(teamPlayers.userId, id)),
        ),
      );
    const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    return rows.length > 0;
  });
}

/** Sets a new password and signs the user out everywhere except, optionally, one session. */
export async function setPassword(
  db: Db,
  id: number,
  passwordHash: string,
  keepSessionId?: number,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
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
  });
}

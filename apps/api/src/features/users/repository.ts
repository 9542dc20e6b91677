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
  MAX_REMEMBERED_NAMES,
  forgetNameMatches,
  rememberNames,
  rememberedNames,
} from './name-matches';
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

/**
 * A user as the API answers it (spec §3: account fields flat, personal ones under details),
 * as PostgreSQL builds it from the row `u` of users. The list and the profile both read users
 * through this one definition. The role's name is a subquery: a few primary-key probes cost
 * less than hashing the roles table.
 */
const userRecord = sql`select u.id, u.phone_number, u.role_id,
    (select r.name from ${roles} r where r.id = u.role_id) as role, u.status,
    to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
    (select d from (select u.first_name, u.last_name, u.email, u.date_of_birth, u.gender, u.address,
       u.city, u.state, u.country, u.pincode, u.profile_picture) d) as details`;

/**
 * The users whose ids `pageIds` yields, newest first, as one JSON array in text. PostgreSQL
 * writes it and the route passes it through: turning 17 columns of ten rows into objects and
 * back into JSON was the largest part of what the list cost the API's single thread.
 */
function pageJson(pageIds: SQL) {
  // An array, not IN: the generic plan then probes the primary key for exactly these ids.
  return sql<string>`(select coalesce(json_agg(x order by x.id desc), '[]')::text
    from (${userRecord} from ${users} u where u.id = any(array(${pageIds}))) x)`;
}

/** One page of users as JSON text, with the total the pagination object reports. */
export type UsersPage = { total: number; json: string };

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
  // An aggregate over the counters always yields one row, so a page past the end still
  // carries its total.
  return prepared
    .select({
      total: sql<number>`coalesce(sum(${userCounts.count}), 0)::int`,
      json: pageJson(pageIds.getSQL()),
    })
    .from(userCounts)
    .where(
      and(
        byRole ? eq(userCounts.roleId, role) : undefined,
        byStatus ? eq(userCounts.status, status) : undefined,
      ),
    )
    .prepare(name);
}

function plainPage(db: Db, byRole: boolean, byStatus: boolean) {
  const name = `users_page${byRole ? '_role' : ''}${byStatus ? '_status' : ''}`;
  return preparedOnce(db, name, (prepared) => preparePlainPage(prepared, name, byRole, byStatus));
}

/**
 * How a name search reaches its page:
 *  - `match`: the pattern is matched against the distinct names in user_search_names (trigram
 *    index), and one statement takes whichever of the two routes below the dictionary's counts
 *    make cheaper, answering which one it took and which names matched;
 *  - `names`: each matching name's newest users from the (search_name, id) index, merged; right
 *    for few names holding few users ("rohit sharma"), it costs names × cap index probes;
 *  - `scan`: users newest first, keeping those whose name matches; right when matches are dense
 *    ("sharma", "a"), it reads about cap × users / matches rows.
 * A pattern this instance remembers (name-matches.ts) goes straight down the route it took
 * last time, in a statement with half the plan nodes and two thirds the memory (decision 012).
 */
type NameRoute = 'match' | 'names' | 'scan';

/**
 * A name search, prepared once per route and filter combination and right for any pattern.
 * Without other filters the total is exact, the dictionary's sum over the matching names;
 * with them it is counted up to `cap` matches. Either is read in the same statement as the
 * page, even past the end.
 */
function prepareNameSearch(
  prepared: Db,
  name: string,
  route: NameRoute,
  byRole: boolean,
  byStatus: boolean,
  byPhone: boolean,
) {
  const pattern = sql.placeholder('pattern');
  const cap = sql.placeholder('cap');
  const pageOnly = sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  const exact = !(byRole || byStatus || byPhone);
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
  // The ids of either route, taken only `when` it holds; `rest` orders and cuts them.
  const byNames = (names: SQL, when: SQL, rest: SQL) => sql`select x.id from ${names}
      cross join lateral (
        select u.id from ${users} u where u.search_name = n.name and ${alsoMatches}
        order by u.id desc limit ${cap}) x
      where ${when} ${rest}`;
  const byScan = (when: SQL, rest: SQL) => sql`select u.id from ${users} u
      where ${when} and u.search_name like ${pattern} and ${alsoMatches}
      order by u.id desc ${rest}`;

  if (route !== 'match') {
    const names = sql.placeholder('names');
    const ids = (rest: SQL) =>
      route === 'names'
        ? byNames(sql`unnest(${names}::text[]) n(name)`, sql`true`, sql`order by x.id desc ${rest}`)
        : byScan(sql`true`, rest);
    if (exact) {
      // One aggregate row over the names' counts, carrying the page.
      return prepared
        .select({
          total: sql<number>`coalesce(sum(${userSearchNames.users}), 0)::int`,
          json: pageJson(ids(pageOnly)),
          matched: sql<null>`null::text[]`,
          byName: sql<null>`null::boolean`,
        })
        .from(userSearchNames)
        .where(sql`${userSearchNames.name} = any(${names}::text[])`)
        .prepare(name);
    }
    const capped = prepared.$with('capped', { id: sql<number>`id` }).as(ids(sql`limit ${cap}`));
    return prepared
      .with(capped)
      .select({
        total: sql<number>`count(*)::int`,
        json: pageJson(sql`select id from capped order by id desc ${pageOnly}`),
        matched: sql<null>`null::text[]`,
        byName: sql<null>`null::boolean`,
      })
      .from(capped)
      .prepare(name);
  }

  const names = prepared
    .$with('names', { name: sql<string>`name` })
    .as(sql`select name, users from ${userSearchNames} where name like ${pattern}`);
  const byName = prepared.$with('by_name', { yes: sql<boolean>`yes` })
    .as(sql`select count(*) * coalesce(sum(users), 0) <= (select coalesce(sum(${userCounts.count}), 0) from ${userCounts}) as yes
            from names`);
  const capped = prepared.$with('capped', { id: sql<number>`id` }).as(sql`
    select id from (
      (${byNames(sql`names n`, sql`(select yes from by_name)`, sql``)})
      union all
      (${byScan(sql`not (select yes from by_name)`, sql`limit ${cap}`)})
    ) candidates order by id desc limit ${cap}`);
  return prepared
    .with(names, byName, capped)
    .select({
      total: sql<number>`case when ${sql.raw(String(exact))}
        then coalesce(sum(names.users), 0)::int else (select count(*)::int from capped) end`,
      json: pageJson(sql`select id from capped order by id desc ${pageOnly}`),
      // What the pattern matched, to remember, unless there are too many to be worth it.
      matched: sql<
        string[]
      >`(select coalesce(array_agg(m.name), '{}') from (select name from names limit ${MAX_REMEMBERED_NAMES + 1}) m)`,
      byName: sql<boolean>`(select yes from by_name)`,
    })
    .from(names)
    .prepare(name);
}

async function searchByName(
  db: Db,
  q: UsersQuery & { name: string },
  phoneDigits: string | null,
  offset: number,
): Promise<UsersPage> {
  const pattern = likePattern(q.name.replace(/\s+/g, ' '));
  const { matches, generation } = rememberedNames(db, pattern);
  const route: NameRoute = !matches ? 'match' : matches.byName ? 'names' : 'scan';
  const flags = [Boolean(q.role_id), Boolean(q.status), Boolean(phoneDigits)] as const;
  const name = `users_by_${route}${flags[0] ? '_role' : ''}${flags[1] ? '_status' : ''}${flags[2] ? '_phone' : ''}`;
  const query = preparedOnce(db, name, (prepared) =>
    prepareNameSearch(prepared, name, route, ...flags),
  );
  const exact = !flags.some(Boolean);
  const [page] = await query.execute({
    pattern,
    names: matches?.names,
    roleId: q.role_id,
    status: q.status,
    phone: phoneDigits ? likePattern(phoneDigits) : undefined,
    cap: offset + (exact ? q.limit : SEARCH_TOTAL_WINDOW),
    limit: q.limit,
    offset,
  });
  if (page!.matched && page!.byName !== null)
    rememberNames(db, pattern, generation, { names: page!.matched, byName: page!.byName });
  return { total: page!.total, json: page!.json };
}

/**
 * `GET /users`, newest first. Without a text search the total is the exact sum from
 * user_counts; a name search reads it from user_search_names (see prepareNameSearch). A
 * phone search alone is not prepared (its best plan depends on the digits) and counts its
 * matches only within SEARCH_TOTAL_WINDOW past the page.
 */
export async function listUsers(db: Db, q: UsersQuery): Promise<UsersPage> {
  const offset = (q.page - 1) * q.limit;
  const phoneDigits = q.phone_number
    ? q.phone_number.trim().replace(/^\+91/, '').replace(/\D/g, '')
    : null;
  // Letters in a phone search match nobody rather than everybody.
  if (phoneDigits === '') return { json: '[]', total: 0 };
  if (q.name) return searchByName(db, { ...q, name: q.name }, phoneDigits, offset);

  if (!phoneDigits) {
    const [page] = await plainPage(db, Boolean(q.role_id), Boolean(q.status)).execute({
      roleId: q.role_id,
      status: q.status,
      limit: q.limit,
      offset,
    });
    return page!;
  }

  const matched = db.$with('matched').as(
    db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          q.role_id ? eq(users.roleId, q.role_id) : undefined,
          q.status ? eq(users.status, q.status) : undefined,
          sql`${users.phoneNumber} like ${likePattern(phoneDigits)}`,
        ),
      )
      .orderBy(desc(users.id))
      .limit(offset + SEARCH_TOTAL_WINDOW),
  );
  const [page] = await db
    .with(matched)
    .select({
      total: sql<number>`count(*)::int`,
      json: pageJson(
        sql`select id from ${matched} order by id desc limit ${q.limit} offset ${offset}`,
      ),
    })
    .from(matched);
  return page!;
}

export async function findUser(db: Db, id: number): Promise<User | null> {
  const [row] = await db
    .select({ user: sql<User>`row_to_json(x)` })
    .from(sql`(${userRecord} from ${users} u where u.id = ${id}) x`);
  return row?.user ?? null;
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
  // This instance must find the new name on its very next search; others hear it notified.
  forgetNameMatches(db);
  return row!.id;
}

export async function updateUser(db: Db, id: number, v: UserFormValues): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...toColumns(v), updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  forgetNameMatches(db);
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
  return db
    .transaction(async (tx) => {
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
      const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    })
    .finally(() => forgetNameMatches(db));
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

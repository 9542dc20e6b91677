import { asc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SearchHit } from '@cricket/contracts';
import { likePattern } from '../lib/like-pattern';
import type { Db } from './client';
import { users } from './schema';

/**
 * Text searches over users, on the columns the trigram indexes in schema/users.ts are built
 * on. Shared by every feature that looks people up.
 */
const userFullName = users.searchName;

/** Name substring, or phone digits when the search holds at least three of them. */
export function userNameOrPhone(search: string): SQL {
  const digits = search.replace(/\D/g, '');
  return digits.length >= 3
    ? sql`(${userFullName} like ${likePattern(search)} or ${users.phoneNumber} like ${likePattern(digits)})`
    : sql`${userFullName} like ${likePattern(search)}`;
}

/** People pickers list users alphabetically by name, the id breaking ties. */
export const byPersonName = [asc(users.firstName), asc(users.lastName), asc(users.id)] as const;

/** The `details` of a person as the API answers it (spec §3). */
export const personDetails = (r: { firstName: string | null; lastName: string | null }) => ({
  first_name: r.firstName,
  last_name: r.lastName,
});

/**
 * The global search's look-up over a small table (teams, roles, templates): up to `limit`
 * records whose `match` expression (the one its trigram index is built on) holds the text,
 * those where it comes earliest in the name first, then shorter names.
 */
export function findByName(
  db: Db,
  from: {
    table: PgTable;
    id: AnyPgColumn;
    name: AnyPgColumn;
    detail: SQL | AnyPgColumn | null;
    match: SQL;
  },
  q: string,
  limit: number,
): Promise<SearchHit[]> {
  return db
    .select({
      _id: sql<number>`${from.id}`.mapWith(Number),
      name: sql<string>`${from.name}`,
      detail: from.detail === null ? sql<string | null>`null` : sql<string | null>`${from.detail}`,
    })
    .from(from.table)
    .where(sql`${from.match} like ${likePattern(q)}`)
    .orderBy(
      sql`nullif(strpos(lower(${from.name}), ${q.toLowerCase()}), 0) nulls last`,
      sql`length(${from.name})`,
      from.id,
    )
    .limit(limit);
}

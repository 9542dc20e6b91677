import { asc, sql, type SQL } from 'drizzle-orm';
import { likePattern } from '../lib/like-pattern';
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

import { sql, type SQL } from 'drizzle-orm';
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

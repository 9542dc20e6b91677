import { asc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
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

/**
 * The top bar's search text as the values of a search statement's placeholders: every kind's
 * subquery is written with `SEARCH_VALUES` in place of values, so one statement of each shape
 * is prepared once and planned never again (planning it cost more than running it).
 */
export const SEARCH_VALUES = {
  /** The text lower-cased, inner whitespace as one space. */
  text: sql.placeholder('text'),
  /** `%text%`, wildcards escaped. */
  pattern: sql.placeholder('pattern'),
  /**
   * The text and the first string past every string it begins: a range an index of
   * `text_pattern_ops` serves with a generic plan (a `like` on a placeholder does not).
   */
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  /** The text's digits (a leading +91 dropped, as the users list does), and reversed. */
  digits: sql.placeholder('digits'),
  stigid: sql.placeholder('stigid'),
  /** Results per kind. */
  limit: sql.placeholder('limit'),
};

export function searchValues(
  q: string,
  limit: number,
): Record<keyof typeof SEARCH_VALUES, unknown> {
  const text = q.trim().replace(/\s+/g, ' ').toLowerCase();
  const digits = phoneDigits(q);
  return {
    text,
    pattern: likePattern(text),
    from: text,
    // U+10FFFF sorts after every character a text can hold.
    to: `${text}\u{10ffff}`,
    digits,
    stigid: [...digits].reverse().join(''),
    limit,
  };
}

/** The digits of a phone search, a leading +91 dropped as the users list does. */
export const phoneDigits = (q: string) => q.trim().replace(/^\+91/, '').replace(/\D/g, '');

/**
 * The global search's look-up over a small table (teams, roles, templates): a subquery of up to
 * `limit` records `(_id, name, detail, ord)` whose `match` expression (the one its trigram index
 * is built on) holds the text, those where it comes earliest in the name first, then shorter
 * names. The search plugin joins every kind's subquery into one statement.
 */
export function findByName(from: {
  table: PgTable;
  id: AnyPgColumn;
  name: AnyPgColumn;
  detail: SQL | AnyPgColumn | null;
  match: SQL;
}): SQL {
  const { text, pattern, limit } = SEARCH_VALUES;
  const order = sql`nullif(strpos(lower(${from.name}), ${text}), 0) nulls last, length(${from.name}), ${from.id}`;
  return sql`select ${from.id} as _id, ${from.name} as name, ${from.detail ?? sql`null`} as detail,
    row_number() over (order by ${order}) as ord
    from ${from.table} where ${from.match} like ${pattern} order by ord limit ${limit}`;
}

import { z } from 'zod';

import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Pagination } from './paging.ts';

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

/** Spec §3 "Pagination object": exactly these fields. */
export const pagination = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
  has_next_page: z.boolean(),
  has_prev_page: z.boolean(),
  next_page: z.number().int().nullable(),
  prev_page: z.number().int().nullable(),
}) satisfies z.ZodType<Pagination>;

/** Every response body is `{ success, message, data? }` (architecture, convention 7). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), message: z.string(), data });
}
export const messageOnly = z.object({ success: z.boolean(), message: z.string() });

/** A list body: `data.data` + `data.pagination`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination });
}

/** PostgreSQL's integer: an id beyond it cannot exist. */
const MAX_ID = 2_147_483_647;

/**
 * A record id: a JSON integer, or (a path, a form's select) the same integer written in plain
 * decimal digits. Nothing looser: " 1", "1.0", "0x1" and `true` are not ids.
 */
export const idValue = (message?: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^[1-9][0-9]{0,9}$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message).max(MAX_ID, message),
  );

export const idParam = z.object({ id: idValue() });

/** Error body: field errors are arrays so a form can show the first one. */
export const errorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** PostgreSQL cannot store U+0000, and no field of this back-office needs it. */
export const NUL_CHARACTER_MESSAGE = 'This field contains a character that is not allowed (U+0000)';

/** Where a value holds a string with a NUL byte, at any depth: the paths of those strings. */
function nulPaths(
  value: unknown,
  path: (string | number)[] = [],
  found: (string | number)[][] = [],
) {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => nulPaths(v, [...path, i], found));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) found.push([...path, k]);
      else nulPaths(v, [...path, k], found);
    }
  }
  return found;
}

/**
 * Any request schema, refusing first a NUL byte anywhere in the input with a message on the
 * field that carries it; the API wraps every body, query and path schema in it, so every
 * string of every contract is covered without each field having to remember.
 */
export function withoutNul<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      for (const path of nulPaths(value))
        ctx.addIssue({ code: 'custom', path, message: NUL_CHARACTER_MESSAGE });
    })
    .pipe(schema);
}

/** Control characters (C0, C1) and format characters: zero-width, bidi overrides, soft hyphen. */
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}]/u;
/** Scripts whose letters pass for each other ("аdmin" with a Cyrillic а). */
const LOOKALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];
const mixesLookalikeScripts = (value: string) =>
  value
    .split(/\s+/)
    .some((word) => LOOKALIKE_SCRIPTS.filter((script) => script.test(word)).length > 1);

/**
 * Every name field (roles, users, teams, players): compatibility-normalised (NFKC, so a
 * full-width "ａｄｍｉｎ" is "admin"), trimmed, and refused when it hides characters or mixes
 * look-alike alphabets within a word, so two names that look the same cannot both exist.
 * Chain the field's own rules after it.
 */
export const nameText = (label: string, required?: string) =>
  z
    .string(required === undefined ? undefined : { error: required })
    .normalize('NFKC')
    .trim()
    .refine((v) => !INVISIBLE_CHARACTER.test(v), {
      error: `${label} must not contain invisible or control characters`,
      abort: true,
    })
    .refine((v) => !mixesLookalikeScripts(v), {
      error: `${label} must not mix letters of different alphabets in one word`,
      abort: true,
    });

/** Turns an empty string from a form or query into undefined. */
export const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A dependency (the database) is down: answered with 503 and Retry-After. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';

import { z } from 'zod';

import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_KEY_LENGTH,
  MAX_PAGE_SIZE,
  SORT_MESSAGES,
  SORT_ORDERS,
  type Pagination,
} from './paging.ts';

/**
 * `YYYY-MM-DD` naming a day that exists: 2026-02-30 is not one (Date.parse makes it March 2).
 * zod's ISO date (leap years included) from year 1 on: PostgreSQL has no year 0. The pattern
 * goes into the OpenAPI document as it is.
 */
const CALENDAR_DATE = new RegExp(`^(?!0000)${z.regexes.date.source.slice(1)}`);
export const calendarDate = (message: string) =>
  z.stringFormat('date', CALENDAR_DATE, { error: message, abort: true });

/** PostgreSQL's integer: an id beyond it cannot exist. */
export const MAX_ID = 2_147_483_647;

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_ID).default(DEFAULT_PAGE),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

/**
 * A list's sort parameters, to spread into its query schema: `sort` one of the list's column
 * keys (a 400 names them), `order` asc or desc.
 */
export const sortQuery = <const K extends string>(keys: readonly [K, ...K[]]) => ({
  sort: z
    .enum(keys, { error: SORT_MESSAGES.unknownKey(keys) })
    .optional()
    .meta({
      description: `The column to sort by: ${keys.join(', ')}. Without it, the list's own order.`,
    }),
  order: z
    .enum(SORT_ORDERS, { error: SORT_MESSAGES.order })
    .optional()
    .meta({ description: 'asc (the default with `sort`) or desc' }),
});

/**
 * A large list's boundary key (issue 35), to spread into its query schema: the `Link` header's
 * key for the neighbouring page. Opaque; one the API cannot use is ignored, never refused.
 */
export const pageKeyQuery = {
  page_key: z.string().max(MAX_PAGE_KEY_LENGTH).optional().catch(undefined).meta({
    description:
      "Opaque: the key from the previous answer's `Link` header (rel next or prev), sent with that link's page. It only speeds the page up; a key that does not fit is ignored.",
  }),
};

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

export const TEMPLATE_TOPIC_INVALID = 'Please choose an active topic or Account message';

/**
 * A template's purpose (issue 32): a messaging topic's id, or null for an account message
 * (security, password, account changes: always delivered). A form's select sends '' for it.
 */
export const templateTopicId = z
  .preprocess((v) => (v === '' ? null : v), idValue(TEMPLATE_TOPIC_INVALID).nullish())
  .transform((v) => v ?? null)
  .meta({
    description:
      'The messaging topic (`/api/messaging/topics`, active); null for an account message, always delivered',
  });

/** The longest path parameter the router reads; an id needs 10 characters. */
export const MAX_PATH_PARAM_LENGTH = 100;
/** The router's refusals of a path, before any route's own rules are read. */
export const PATH_MESSAGES = {
  tooLong: `A path parameter is longer than ${MAX_PATH_PARAM_LENGTH} characters`,
  badEncoding: 'The path is not correctly percent-encoded',
} as const;

/** Error body: field errors are arrays so a form can show the first one. */
export const errorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Why a character of a request is refused, naming it so a person can find it. */
export const disallowedCharacterMessage = (codePoint: number) =>
  `This field contains a character that is not allowed (U+${codePoint.toString(16).toUpperCase().padStart(4, '0')})`;
/** PostgreSQL cannot store U+0000, and no field of this back-office needs it. */
export const NUL_CHARACTER_MESSAGE = disallowedCharacterMessage(0);

/** How deep a request's JSON may nest: the deepest contract is a few levels; 2,000 was an attack. */
export const MAX_INPUT_DEPTH = 16;
export const INPUT_TOO_DEEP_MESSAGE = `The request is nested more than ${MAX_INPUT_DEPTH} levels deep`;

/**
 * No field holds these: NUL (PostgreSQL cannot store it), other C0 and C1 control characters
 * but tab and line breaks (they corrupt logs, mail headers and CSV), and lone UTF-16
 * surrogates (no character at all: PostgreSQL would store U+FFFD instead). In a `u` pattern a
 * surrogate class matches only a lone one, since a pair is one code point.
 */
const DISALLOWED_CHARACTER = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;

function disallowedCodePoint(text: string): number | null {
  const match = DISALLOWED_CHARACTER.exec(text);
  return match ? match[0].codePointAt(0)! : null;
}

type Issue = { path: (string | number)[]; message: string };

/**
 * What is wrong with a request's text, at any depth: walked with a stack, not recursion, and
 * given up past MAX_INPUT_DEPTH, so no input can exhaust the call stack.
 */
export function inputIssues(value: unknown): Issue[] {
  const issues: Issue[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const bad = disallowedCodePoint(current);
      if (bad !== null) issues.push({ path, message: disallowedCharacterMessage(bad) });
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) return [{ path: [], message: INPUT_TOO_DEEP_MESSAGE }];
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((v, i) => [i, v])
      : Object.entries(current);
    for (const [key, child] of entries) {
      const badKey = typeof key === 'string' ? disallowedCodePoint(key) : null;
      if (badKey !== null)
        issues.push({ path: [...path, key], message: disallowedCharacterMessage(badKey) });
      else stack.push({ value: child, path: [...path, key] });
    }
  }
  return issues;
}

/**
 * Any request schema, refusing first input nested too deep or carrying a character no field
 * may hold, with a message on the field that carries it; the API wraps every body, query and
 * path schema in it, so every string of every contract is covered without each field having
 * to remember.
 */
export function plainInput<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      for (const { path, message } of inputIssues(value))
        ctx.addIssue({ code: 'custom', path, message });
    })
    .pipe(schema);
}

/** What a name field's own rules add to its schema, for the OpenAPI document. */
export const NAME_TEXT_RULE =
  'Compatibility-normalised (NFKC) and trimmed before the limits apply; holds no invisible or control character (zero-width, bidi override, soft hyphen), and no word mixes Latin, Cyrillic or Greek letters.';

/** Control characters (C0, C1) and format characters: zero-width, bidi overrides, soft hyphen. */
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}]/u;
/** Scripts whose letters pass for each other ("аdmin" with a Cyrillic а). */
const LOOKALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];
const mixesLookalikeScripts = (value: string) =>
  value
    .split(/\s+/)
    .some((word) => LOOKALIKE_SCRIPTS.filter((script) => script.test(word)).length > 1);

/**
 * Every name field (roles, users, teams, players, categories, templates): compatibility-
 * normalised (NFKC, so a full-width "ａｄｍｉｎ" is "admin"), trimmed, refused when it hides
 * characters or mixes look-alike alphabets within a word, and stored with each run of inner
 * whitespace as one space ("Mumbai  Indians" is "Mumbai Indians"), so two names that look the
 * same cannot both exist. Chain the field's own rules after it.
 */
export const nameText = (label: string, required?: string) =>
  z
    .string(required === undefined ? undefined : { error: required })
    .meta({ description: NAME_TEXT_RULE })
    .normalize('NFKC')
    .trim()
    .refine((v) => !INVISIBLE_CHARACTER.test(v), {
      error: `${label} must not contain invisible or control characters`,
      abort: true,
    })
    .refine((v) => !mixesLookalikeScripts(v), {
      error: `${label} must not mix letters of different alphabets in one word`,
      abort: true,
    })
    // After the refusals, so a tab or line break inside a name is refused, not hidden.
    .overwrite((v) => v.replace(/\s+/g, ' '));

/**
 * What a one-line text may not hold: a control character (tab and line breaks too: a subject
 * becomes a mail header) or a bidirectional embedding, override or isolate (U+202A–U+202E,
 * U+2066–U+2069), which reorders what a reader sees: "Invoice \u202Efdp.exe" shows as
 * "Invoice exe.pdf".
 */
const NOT_IN_ONE_LINE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** What a one-line text's rule adds to its schema, for the OpenAPI document. */
export const LINE_TEXT_RULE =
  'One line: no control character (tab and line breaks included) and no bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069).';

/**
 * A one-line text a person reads (a subject): trimmed, and refused, naming the character, when
 * it holds one of NOT_IN_ONE_LINE. Chain the field's own rules after it.
 */
export const lineText = (required?: string) =>
  z
    .string(required === undefined ? undefined : { error: required })
    .meta({ description: LINE_TEXT_RULE })
    .trim()
    .refine((v) => !NOT_IN_ONE_LINE.test(v), {
      error: (issue) =>
        disallowedCharacterMessage(NOT_IN_ONE_LINE.exec(String(issue.input))![0].codePointAt(0)!),
      abort: true,
    });

/**
 * Form controls hold text: an empty input or "no choice" means none, digits mean the number.
 * A missing value also means none (a PUT of the squad fields replaces them all).
 */
export const fromControl = (value: unknown) =>
  value === '' || value === undefined ? null : typeof value === 'string' ? Number(value) : value;

/** Turns an empty string from a form or query into undefined. */
export const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A dependency (the database) is down: answered with 503 and Retry-After. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';

import { z } from 'zod';

/**
 * Issue 32: a time zone is an IANA name ('Asia/Kolkata', 'Europe/London', 'UTC'). The one rule
 * for the organisation's default and a user's own zone, on the forms and in the API.
 */
export const TIME_ZONE_MAX = 64;
/** The letters an IANA name is made of: no offsets ('+05:30') and no POSIX rules ('EST5EDT,M3'). */
const TIME_ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

export const TIME_ZONE_MESSAGES = {
  required: 'Time zone is required',
  invalid: 'Please choose a time zone from the list (an IANA name such as Asia/Kolkata)',
} as const;

/** ICU still lists these under their former names; the lists show today's. */
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
};

/**
 * The zones this runtime lists, by today's names, UTC first. Node 20's and some browsers' lists
 * leave out names they accept (UTC, Asia/Kolkata, listed as its former Asia/Calcutta), hence
 * `isTimeZone` below.
 */
export function listedTimeZones(): string[] {
  const listed =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const named = listed.map((zone) => RENAMED[zone] ?? zone).filter((zone) => zone !== 'UTC');
  return ['UTC', ...named.sort()];
}

/** True when the runtime knows the zone: it is listed, or its date formatter accepts it. */
export function isTimeZone(name: string): boolean {
  if (!TIME_ZONE_PATTERN.test(name) || name.length > TIME_ZONE_MAX) return false;
  if (listedTimeZones().includes(name)) return true;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const zoneMeta = {
  description:
    'An IANA time zone name (Asia/Kolkata, Europe/London, UTC), as Intl.DateTimeFormat and PostgreSQL both know it',
};

/** A required time zone (the organisation's default). */
export const timeZoneName = z
  .string({ error: TIME_ZONE_MESSAGES.required })
  .trim()
  .min(1, { error: TIME_ZONE_MESSAGES.required, abort: true })
  .max(TIME_ZONE_MAX, { error: TIME_ZONE_MESSAGES.invalid, abort: true })
  .regex(TIME_ZONE_PATTERN, { error: TIME_ZONE_MESSAGES.invalid, abort: true })
  .refine(isTimeZone, TIME_ZONE_MESSAGES.invalid)
  .meta(zoneMeta);

/** A user's own zone: empty or null means the organisation's default. */
export const optionalTimeZone = z
  .union([z.literal(''), timeZoneName], { error: TIME_ZONE_MESSAGES.invalid })
  .meta({
    ...zoneMeta,
    type: 'string',
    description: `${zoneMeta.description}; empty or null means the organisation's default`,
  })
  .nullish()
  .transform((v) => v || null);

/** The user form's and the profile's words. */
export const TIME_ZONE_TEXTS = {
  label: 'Time zone',
  hint: 'Quiet hours are counted in this zone.',
  organisationDefault: 'Organisation default',
} as const;

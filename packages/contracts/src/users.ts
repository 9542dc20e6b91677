import { z } from 'zod';
import { emailAddress } from './email.ts';
import {
  calendarDate,
  MAX_ID,
  idValue,
  nameText,
  pageKeyQuery,
  paginationQuery,
  optionalText,
  sortQuery,
} from './common.ts';
import { GENDERS, USER_FILTER_STATUSES, USER_SORT_KEYS, USER_STATUSES } from './user-values.ts';
import { optionalTimeZone } from './time-zones.ts';

/** Spec §3 "Owner/organizer user": the people a team owner is picked from. */
export const organizer = z.object({
  id: z.number().int(),
  phone_number: z.string(),
  details: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }),
});
export type Organizer = z.infer<typeof organizer>;

export const organizersQuery = paginationQuery.extend({
  search: optionalText,
  organizer_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
});

/** The role whose users may own teams and organise tournaments. */
export const ORGANIZER_ROLE = 'owner';

/** Spec §9 limits. */
export const USER_NAME_MIN = 2;
export const USER_NAME_MAX = 50;
export const USER_MIN_AGE = 13;
/** Spec §9: what signing in asks of a password; a new one follows NEW_PASSWORD_MIN. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** Where an uploaded profile picture lives (`POST /media/upload`, type profile_pictures), or ''. */
const PROFILE_PICTURE_PATH = /^(?:\/uploads\/profile_pictures\/[A-Za-z0-9-]+\.[a-z0-9]+)?$/;

/** Today as YYYY-MM-DD in local time: the date picker's maximum and the rules' reference. */
export function todayIsoDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The earliest birth year the form takes. */
const BIRTH_YEAR_MIN = 1900;

/** Strips a leading +91 (spec §5): the stored number is the 10-digit mobile number. */
export const stripIndianPrefix = (value: string) => value.trim().replace(/^\+91/, '').trim();
/**
 * An Indian mobile number as typed: 10 digits starting 6-9, optionally after +91, with spaces
 * around (JavaScript's `\s` is what `trim` removes). What is stored is the 10 digits.
 */
const MOBILE_NUMBER = /^\s*(?:\+91)?\s*[6-9]\d{9}\s*$/;

/** A birth date (a real calendar day already): from 1900, not in the future, 13 years ago. */
function birthDateRule(value: string, ctx: z.RefinementCtx) {
  if (Number(value.slice(0, 4)) < BIRTH_YEAR_MIN) {
    ctx.addIssue({ code: 'custom', message: 'Please enter a valid date' });
    return;
  }
  const today = todayIsoDate();
  if (value > today) {
    ctx.addIssue({ code: 'custom', message: 'Date of birth cannot be in the future' });
    return;
  }
  // Same month and day, 13 years back: string order is date order for YYYY-MM-DD.
  const cutoff = `${Number(today.slice(0, 4)) - USER_MIN_AGE}${today.slice(4)}`;
  if (value > cutoff)
    ctx.addIssue({ code: 'custom', message: `User must be at least ${USER_MIN_AGE} years old` });
}

const personName = (label: 'First name' | 'Last name') =>
  nameText(label, `${label} is required`)
    .min(1, { error: `${label} is required`, abort: true })
    // Letters of any script; inner spaces are allowed ("Mohammed Azhar").
    .regex(/^[\p{L}\p{M}\s]+$/u, `${label} should contain only letters`)
    .min(USER_NAME_MIN, `${label} must be at least ${USER_NAME_MIN} characters`)
    .max(USER_NAME_MAX, `${label} must be less than or equal to ${USER_NAME_MAX} characters`);

/** An optional text field: empty, null or missing all mean "not given" and become null. */
const optionalField = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const userFormMessages = {
  roleRequired: 'Please select a role',
  statusRequired: 'Please select a status',
  invalidGender: 'Please select a valid gender',
  invalidPicture: 'Please upload a valid profile picture',
  fixErrors: 'Please fix the validation errors before submitting',
} as const;

/**
 * Spec §5 "User create/edit": the create and edit panels validate with this schema and the
 * API validates `POST /users` and `PUT /users/{id}` with it, so both say the same thing.
 */
export const userForm = z.object({
  first_name: personName('First name'),
  last_name: personName('Last name'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(254, { error: 'Please enter a valid email address', abort: true })
    .check(emailAddress('Please enter a valid email address')),
  phone_number: z
    .string({ error: 'Phone number is required' })
    .refine((v) => stripIndianPrefix(v) !== '', {
      error: 'Phone number is required',
      abort: true,
    })
    .regex(MOBILE_NUMBER, 'Please enter a valid mobile number')
    .transform(stripIndianPrefix),
  date_of_birth: z
    .union(
      [
        z.literal(''),
        z
          .string({ error: 'Please enter a valid date' })
          .trim()
          .check(calendarDate('Please enter a valid date'))
          .superRefine(birthDateRule),
      ],
      { error: 'Please enter a valid date' },
    )
    // Both branches are text: said once beside them, as OpenAPI 3.0 wants beside `nullable`.
    .meta({
      type: 'string',
      description: `A day from ${BIRTH_YEAR_MIN}-01-01 on, not in the future, at least ${USER_MIN_AGE} years ago; empty or null means none`,
    })
    .nullish()
    .transform((v) => v || null),
  gender: z
    // One enum with '' (not a union), so the document gives the nullable field its type.
    .enum([...GENDERS, ''], { error: userFormMessages.invalidGender })
    .nullish()
    .transform((v) => v || null),
  address: optionalField(255, 'Address'),
  city: optionalField(100, 'City'),
  state: optionalField(100, 'State'),
  country: optionalField(100, 'Country'),
  pincode: z
    .string({ error: 'Please enter a valid pincode (6 digits)' })
    .trim()
    .regex(/^([1-9]\d{5})?$/, 'Please enter a valid pincode (6 digits)')
    .nullish()
    .transform((v) => v || null),
  // The form's select yields a string; the API receives a number. Empty means "not chosen".
  role_id: idValue(userFormMessages.roleRequired).meta({
    description: 'An existing role within your own permissions; a new role must be active',
  }),
  status: z.enum(USER_STATUSES, { error: userFormMessages.statusRequired }),
  profile_picture: z
    .string({ error: userFormMessages.invalidPicture })
    .trim()
    .regex(PROFILE_PICTURE_PATH, userFormMessages.invalidPicture)
    .nullish()
    .transform((v) => v || null),
  /** Issue 32: where quiet hours are counted for this person; null is the organisation's zone. */
  time_zone: optionalTimeZone,
});
export type UserFormInput = z.input<typeof userForm>;
export type UserFormValues = z.output<typeof userForm>;

/** `POST /users`: as the form, but a client that sends no status creates a pending user. */
export const createUserBody = userForm.extend({ status: userForm.shape.status.default('pending') });

/**
 * One rule for every password someone chooses, an administrator's Set Password and one's own
 * change alike: at least 8 characters and typed twice. The spec's 6 (PASSWORD_MIN) is the
 * floor a password must meet to sign in, not the goal for a new one.
 */
export const NEW_PASSWORD_MIN = 8;
export const NEW_PASSWORD_MESSAGES = {
  required: 'New password is required',
  tooShort: `New password must be at least ${NEW_PASSWORD_MIN} characters`,
  tooLong: `New password must be at most ${PASSWORD_MAX} characters`,
  confirmRequired: 'Please confirm the new password',
  confirmMismatch: 'Passwords do not match',
} as const;

export const newPassword = z
  .string({ error: NEW_PASSWORD_MESSAGES.required })
  .min(1, { error: NEW_PASSWORD_MESSAGES.required, abort: true })
  .min(NEW_PASSWORD_MIN, NEW_PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX, NEW_PASSWORD_MESSAGES.tooLong);

export const confirmPassword = z
  .string({ error: NEW_PASSWORD_MESSAGES.confirmRequired })
  .min(1, NEW_PASSWORD_MESSAGES.confirmRequired);

/** 'Passwords do not match' under `confirm_password` when it is not the new password. */
export function checkPasswordConfirmed(
  password: string,
  confirmation: string,
  ctx: z.RefinementCtx,
): void {
  if (confirmation && confirmation !== password)
    ctx.addIssue({
      code: 'custom',
      path: ['confirm_password'],
      message: NEW_PASSWORD_MESSAGES.confirmMismatch,
    });
}

/** `PUT /users/{id}/password`: staff need a password to sign in; the rule of a new password. */
export const userPasswordForm = z
  .object({
    password: newPassword,
    confirm_password: confirmPassword.meta({ description: 'Must equal password' }),
  })
  .superRefine((v, ctx) => checkPasswordConfirmed(v.password, v.confirm_password, ctx));
export type UserPasswordForm = z.infer<typeof userPasswordForm>;

/** An empty query value (a cleared filter) means "no filter". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** `GET /users`: spec §7 query fields, the sort and the boundary key. */
export const usersQuery = paginationQuery.extend({
  name: optionalText,
  phone_number: optionalText,
  role_id: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().positive().max(MAX_ID).optional(),
  ),
  status: z.preprocess(blankToUndefined, z.enum(USER_FILTER_STATUSES).optional()),
  ...sortQuery(USER_SORT_KEYS),
  ...pageKeyQuery,
});
export type UsersQuery = z.infer<typeof usersQuery>;
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const usersExportQuery = usersQuery.omit({ page: true, limit: true, page_key: true });
export type UsersExportQuery = z.infer<typeof usersExportQuery>;
/** The users export's header row: the list's columns, with the id and email beside them. */
export const USER_EXPORT_COLUMNS = {
  id: 'ID',
  name: 'Full Name',
  email: 'Email',
  phone_number: 'Phone Number',
  role: 'Role',
  status: 'Status',
  created_at: 'Created At',
} as const;

/** Spec §3 User: flat account fields, personal fields nested under details. */
export const userDetails = z.object({
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  date_of_birth: z.string().nullable(),
  gender: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  pincode: z.string().nullable(),
  profile_picture: z.string().nullable(),
});
export const user = z.object({
  id: z.number().int(),
  phone_number: z.string(),
  role_id: z.number().int(),
  role: z.string(),
  status: z.string(),
  created_at: z.string(),
  /** The user's version: `If-Match` on their PUT and DELETE is built from it (decision 059). */
  updated_at: z.string(),
  /** Null: the organisation's default time zone applies. */
  time_zone: z.string().nullable(),
  /** When their personal data was erased (issue 34); null for everyone else. */
  erased_at: z.string().nullable(),
  details: userDetails,
});
export type User = z.infer<typeof user>;
export const userData = z.object({ user });

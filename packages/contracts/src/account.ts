import { z } from 'zod';
import { idValue, pageOf, paginationQuery } from './common.ts';
import {
  checkPasswordConfirmed,
  confirmPassword,
  newPassword,
  PASSWORD_MAX,
  userForm,
} from './users.ts';

/**
 * The signed-in person's own account (/profile, issue 13). Email and role are not theirs to
 * change here; the fields follow the user rules of spec §5.
 */
export const accountForm = userForm.pick({
  first_name: true,
  last_name: true,
  phone_number: true,
  profile_picture: true,
});
export type AccountFormInput = z.input<typeof accountForm>;
export type AccountFormValues = z.output<typeof accountForm>;

export const ACCOUNT_MESSAGES = {
  invalid: 'Please fix the validation errors before saving',
  saveFailed: 'Failed to save account details',
  currentRequired: 'Current password is required',
  currentWrong: 'Current password is incorrect',
  newSame: 'New password must be different from the current password',
  passwordFailed: 'Failed to change password',
  sessionNotFound: 'Session not found',
  signOutFailed: 'Failed to sign out the session',
  sessionsFailed: 'Failed to load your sessions',
} as const;

/**
 * `PUT /api/user/password`: the form and the API check the same rules, and the new password
 * the same rule as an administrator's Set Password (`newPassword` in users.ts).
 */
export const passwordChangeForm = z
  .object({
    current_password: z
      .string({ error: ACCOUNT_MESSAGES.currentRequired })
      .min(1, ACCOUNT_MESSAGES.currentRequired)
      .max(PASSWORD_MAX, ACCOUNT_MESSAGES.currentWrong)
      .meta({ description: 'The password you sign in with now' }),
    new_password: newPassword.meta({ description: 'Must differ from current_password' }),
    confirm_password: confirmPassword.meta({ description: 'Must equal new_password' }),
  })
  .superRefine((v, ctx) => {
    if (v.new_password && v.new_password === v.current_password)
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: ACCOUNT_MESSAGES.newSame });
    checkPasswordConfirmed(v.new_password, v.confirm_password, ctx);
  });
export type PasswordChangeForm = z.infer<typeof passwordChangeForm>;

/**
 * A session's device as a person recognises it: 'Chrome on Windows', 'Mobile Safari on iOS'.
 * Null when the user agent names no browser (a script, a bot): the name the sign-in sent is
 * then the better description.
 */
export function describeDevice(browser: string | null | undefined, os: string | null | undefined) {
  if (!browser) return null;
  return os ? `${browser} on ${os}` : browser;
}

/** One of the signed-in person's active sessions, from the device_info of its sign-in. */
export const ownSession = z.object({
  id: z.number().int(),
  /** The browser and system its sign-in's user agent names (describeDevice). */
  device: z.string().nullable(),
  device_name: z.string().nullable(),
  device_type: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSession>;
/** My Sessions is a list like any other: a page at a time, the most recently used first. */
export const ownSessionsQuery = paginationQuery;
export const ownSessionsPage = pageOf(ownSession);
export const sessionIdParam = z.object({ id: idValue(ACCOUNT_MESSAGES.sessionNotFound) });

export const ACCOUNT_SUCCESS = {
  saved: 'Account details saved successfully!',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  sessionsListed: 'Sessions fetched successfully',
  sessionEnded: 'Session signed out',
  othersEnded: 'Other sessions signed out',
} as const;

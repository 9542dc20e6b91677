/**
 * The sign-in toasts (spec §8 "Messages"). Apart from `login.ts` and free of zod, so the sign-in
 * screen can show them without loading the form's rules up front.
 */
export const LOGIN_MESSAGES = {
  signedIn: 'Login successful!',
  failed: 'Login failed. Please check your credentials.',
} as const;

// Plain values with no zod behind them, so the web's first chunk can import them cheaply.
export const TOKEN_COOKIE = '__token';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const FORBIDDEN_MESSAGE = 'You do not have permission to perform this action';
export const UNAUTHENTICATED_MESSAGE = 'Please sign in to continue';
export const APP_VERSION = '0.0.1';

/** The form kit asks this before unsaved work is thrown away (issue 30). */
export const DISCARD_CHANGES = {
  title: 'Discard changes?',
  description: 'Your changes will be lost.',
  confirm: 'Discard',
  cancel: 'Keep editing',
} as const;

/** Under a text field that stopped at its limit, so the cut is not silent (issue 30). */
export const fieldLimitReached = (max: number) => `Limit reached: ${max} characters`;

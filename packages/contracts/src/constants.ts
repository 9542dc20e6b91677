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

/**
 * A signed-in page load carries the answers its first screen reads in the HTML, in a JSON
 * element of this id, so the screen paints without waiting for them (decision 083).
 */
export const FIRST_READS_ELEMENT_ID = 'first-reads';

/** One answer in that element, keyed by its URL: as the HTTP client would have received it. */
export interface FirstRead {
  body: unknown;
  /** The answer's `Link` header (a list's neighbouring pages), when it had one. */
  link?: string;
}

/** Every signed-in screen reads the profile first (the session guard). */
export const PROFILE_READ = '/api/user/profile';

/**
 * What a screen opened at its bare path (no query) reads first, exactly as the web app asks:
 * an entry that drifts from the screen's request is never used, and the screen reads as before.
 */
export const FIRST_READS: Readonly<Record<string, readonly string[]>> = {
  '/': ['/api/dashboard'],
  '/users': ['/api/users?page=1&limit=10', '/api/roles/active'],
  '/teams': ['/api/teams?page=1&limit=10'],
};

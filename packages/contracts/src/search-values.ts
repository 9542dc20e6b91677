// Plain values with no zod behind them: the top bar's search box, on every signed-in screen,
// imports these without pulling zod into the shell (decision 029).
import type { PermissionName } from './permissions.ts';

/**
 * The top bar's search (issue 33): one box that finds users, teams, roles and templates by
 * name. Each kind answers only to a role that may view that kind's list.
 */
export const SEARCH_KINDS = [
  'users',
  'teams',
  'roles',
  'wa_templates',
  'notification_templates',
  'email_templates',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  users: 'Users',
  teams: 'Teams',
  roles: 'Roles',
  wa_templates: 'WhatsApp templates',
  notification_templates: 'Notification templates',
  email_templates: 'Email templates',
};

export const SEARCH_KIND_PERMISSIONS: Record<SearchKind, PermissionName> = {
  users: 'users.view',
  teams: 'teams.view',
  roles: 'roles.view',
  wa_templates: 'wa_templates.view',
  notification_templates: 'notification_templates.view',
  email_templates: 'email_templates.view',
};

/** Results per kind: enough to pick from, few enough to read at a glance. */
export const SEARCH_PER_KIND = 5;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;

export const SEARCH_MESSAGES = {
  label: 'Search',
  placeholder: 'Search...',
  shortcut: 'Press / or Ctrl+K to search',
  tooShort: `Type at least ${SEARCH_MIN_LENGTH} characters`,
  tooLong: `Search is at most ${SEARCH_MAX_LENGTH} characters`,
  searching: 'Searching…',
  failed: 'Search failed. Try again.',
  nothingFound: (q: string) => `Nothing found for “${q}”`,
  found: (count: number) => (count === 1 ? '1 result' : `${count} results`),
} as const;

/**
 * Query keys that more than one feature reads or invalidates. Features may not import each
 * other (ESLint enforces it), so a key another feature touches is owned here, once, and its
 * feature's `api/keys.ts` re-exports it. Every other key lives in its feature's `api/keys.ts`.
 */

/** The audit trail: every accepted change refreshes it (app/providers.tsx), History sections read it. */
export const auditLogKeys = {
  all: ['audit-logs'] as const,
  list: (params: object) => ['audit-logs', params] as const,
};

/** Roles: the users feature reads the active roles, which a role save must refresh. */
export const roleKeys = {
  all: ['roles'] as const,
  list: (params: object) => ['roles', 'list', params] as const,
  detail: (id: number) => ['roles', 'detail', id] as const,
  active: ['roles', 'active'] as const,
  // Outside 'roles' on purpose: a role save need not refetch every permission page loaded.
  permissions: ['permissions', 'grouped'] as const,
  permissionsPage: (limit: number) => ['permissions', 'grouped', limit] as const,
};

/** WhatsApp categories: the templates' category picker reads them, so it refreshes with them. */
export const waCategoryKeys = {
  all: ['wa-categories'] as const,
  list: (params: object) => ['wa-categories', 'list', params] as const,
  picker: ['wa-categories', 'picker'] as const,
};

/** WhatsApp templates: they show category names, so a category save refreshes them too. */
export const waTemplateKeys = {
  all: ['wa-templates'] as const,
  list: (params: object) => ['wa-templates', 'list', params] as const,
  detail: (id: number) => ['wa-templates', 'detail', id] as const,
  connection: ['wa-templates', 'connection'] as const,
  /** A page of the approved ones, for a template chosen inside another form (an availability ask). */
  approved: (params: object) => ['wa-templates', 'approved', params] as const,
};

/** Messaging topics: the template forms' purpose select and the profiles' preferences read them. */
export const messagingTopicKeys = {
  all: ['messaging-topics'] as const,
  list: (params: object) => ['messaging-topics', 'list', params] as const,
  options: ['messaging-topics', 'options'] as const,
  /** The organisation's quiet hours and default time zone (one record). */
  settings: ['messaging-settings'] as const,
};

/** Bulk jobs (issue 33): any list's bulk bar polls one while it runs. */
export const bulkJobKeys = {
  detail: (id: string) => ['bulk-jobs', id] as const,
};

/** Saved audiences: the send form's audience select reads them, so a save refreshes it. */
export const audienceKeys = {
  all: ['audiences'] as const,
  list: (params: object) => ['audiences', 'list', params] as const,
  picker: ['audiences', 'picker'] as const,
  count: (definition: object) => ['audiences', 'count', definition] as const,
  /** A page of the records a rule can name (teams, tournaments, fixtures), for its picker. */
  options: (kind: string, params: object) => ['audiences', 'options', kind, params] as const,
};

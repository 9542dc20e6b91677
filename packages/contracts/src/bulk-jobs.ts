import { z } from 'zod';

import {
  BULK_ACTIONS,
  BULK_JOB_STATUSES,
  BULK_NOUNS,
  type BulkAction,
  type BulkList,
} from './bulk-job-values.ts';
import { AUDIENCE_MESSAGES, audiencesQuery } from './audiences.ts';
import { idValue } from './common.ts';
import { CONTACT_MESSAGES, contactMessagesQuery } from './contact-messages.ts';
import { MESSAGING_TOPIC_MESSAGES, messagingTopicsQuery } from './messaging.ts';
import {
  EMAIL_TEMPLATE_MESSAGES,
  EMAIL_TEMPLATE_STATUSES,
  emailTemplatesQuery,
} from './email-templates.ts';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TEMPLATE_STATUSES,
  notificationTemplatesQuery,
} from './notifications.ts';
import type { PermissionName } from './permissions.ts';
import { ROLE_MESSAGES, ROLE_STATUSES } from './role-values.ts';
import { rolesQuery } from './roles.ts';
import { TEAM_MESSAGES, teamsQuery } from './teams.ts';
import { USER_ERRORS, USER_STATUSES } from './user-values.ts';
import { usersQuery } from './users.ts';
import { WA_CATEGORY_MESSAGES, WA_CATEGORY_STATUSES, waCategoriesQuery } from './wa-categories.ts';
import { WA_MANUAL_STATUSES, WA_TEMPLATE_MESSAGES, waTemplatesQuery } from './wa-templates.ts';

/**
 * Bulk actions (issue 33, decision 060): `POST /api/bulk-jobs` names a list, an action and the
 * rows (`ids`, or `query`: the list's own filters, for 'all matching'); a background job then
 * runs the single-row action on each row, each in its own transaction with its own audit
 * record, and `GET /api/bulk-jobs/{id}` reports its progress.
 */

/** The most ids one request names; a larger selection is sent as the list's `query`. */
export const BULK_IDS_MAX = 5_000;
/** The failed rows a job keeps with their reason (the count in `failed` goes on). */
export const BULK_ERRORS_KEPT = 1_000;

/** A scope's record id that is not one (`scope.team_id: 'x'`). */
const SCOPE_ID_INVALID = 'Each scope value must be a positive whole number';

/** The list's filters without its page and page size (a sort is taken and has no effect). */
const NO_PAGE = { page: true, limit: true } as const;

/**
 * Every list a bulk action works on (its nouns are BULK_NOUNS'): the list's own filters (what
 * 'all matching' means), the permission of the single-row delete, the permission and the
 * statuses of the single-row status change where the record has one, and the message a row
 * gone by the time its turn comes fails with (the single-row action's own 404), and, for a
 * list that is one record's own (a team's squad), the `scope` naming that record.
 */
export const BULK_LISTS = {
  users: {
    query: usersQuery.omit(NO_PAGE),
    delete: 'users.delete',
    setStatus: { permission: 'users.update', statuses: USER_STATUSES },
    notFound: USER_ERRORS.notFound,
    scope: null,
  },
  teams: {
    query: teamsQuery.omit(NO_PAGE),
    delete: 'teams.delete',
    setStatus: null,
    notFound: TEAM_MESSAGES.notFound,
    scope: null,
  },
  roles: {
    query: rolesQuery.omit(NO_PAGE),
    delete: 'roles.delete',
    // A role's status is its active flag.
    setStatus: { permission: 'roles.update', statuses: ROLE_STATUSES },
    notFound: ROLE_MESSAGES.notFound,
    scope: null,
  },
  'email-templates': {
    query: emailTemplatesQuery.omit(NO_PAGE),
    delete: 'email_templates.delete',
    setStatus: { permission: 'email_templates.update', statuses: EMAIL_TEMPLATE_STATUSES },
    notFound: EMAIL_TEMPLATE_MESSAGES.notFound,
    scope: null,
  },
  'notification-templates': {
    query: notificationTemplatesQuery.omit(NO_PAGE),
    delete: 'notification_templates.delete',
    setStatus: {
      permission: 'notification_templates.update',
      statuses: NOTIFICATION_TEMPLATE_STATUSES,
    },
    notFound: NOTIFICATION_MESSAGES.templateNotFound,
    scope: null,
  },
  'wa-templates': {
    query: waTemplatesQuery.omit(NO_PAGE),
    delete: 'wa_templates.delete',
    // The statuses an administrator may set by hand (spec §4); the others are WhatsApp's.
    setStatus: { permission: 'wa_templates.update', statuses: WA_MANUAL_STATUSES },
    notFound: WA_TEMPLATE_MESSAGES.notFound,
    scope: null,
  },
  'wa-categories': {
    query: waCategoriesQuery.omit(NO_PAGE),
    delete: 'wa_template_categories.delete',
    setStatus: { permission: 'wa_template_categories.update', statuses: WA_CATEGORY_STATUSES },
    notFound: WA_CATEGORY_MESSAGES.notFound,
    scope: null,
  },
  'contact-messages': {
    query: contactMessagesQuery.omit(NO_PAGE),
    delete: 'contact_messages.delete',
    setStatus: null,
    notFound: CONTACT_MESSAGES.notFound,
    scope: null,
  },
  'messaging-topics': {
    query: messagingTopicsQuery.omit(NO_PAGE),
    delete: 'messaging.manage',
    setStatus: null,
    notFound: MESSAGING_TOPIC_MESSAGES.notFound,
    scope: null,
  },
  audiences: {
    query: audiencesQuery.omit(NO_PAGE),
    delete: 'audiences.delete',
    setStatus: null,
    notFound: AUDIENCE_MESSAGES.notFound,
    scope: null,
  },
  'team-players': {
    // A squad list has no filters: 'all matching' is the whole squad of the scope's team.
    query: z.object({}),
    delete: 'team_players.delete',
    setStatus: null,
    notFound: TEAM_MESSAGES.playerNotInTeam,
    scope: z.object({ team_id: idValue(SCOPE_ID_INVALID) }),
  },
} as const satisfies Record<
  BulkList,
  {
    query: z.ZodObject;
    delete: PermissionName;
    setStatus: { permission: PermissionName; statuses: readonly [string, ...string[]] } | null;
    notFound: string;
    /** Where a list is a record's own (a team's squad), the record it belongs to. */
    scope: z.ZodObject | null;
  }
>;

export const BULK_LIST_NAMES = Object.keys(BULK_LISTS) as [BulkList, ...BulkList[]];

/** The actions a list offers: delete everywhere, set_status where its records have a status. */
export function bulkActionsOf(list: BulkList): BulkAction[] {
  return BULK_LISTS[list].setStatus ? ['delete', 'set_status'] : ['delete'];
}

/** The permission a job of this list and action needs: the single-row action's own. */
export function bulkPermissionOf(list: BulkList, action: BulkAction): PermissionName | null {
  const def = BULK_LISTS[list];
  if (action === 'delete') return def.delete;
  return def.setStatus?.permission ?? null;
}

/** The statuses `set_status` may set on the list's records ([] where they have none). */
export function bulkStatusesOf(list: BulkList): readonly string[] {
  return BULK_LISTS[list].setStatus?.statuses ?? [];
}

const count = (n: number) => n.toLocaleString('en-US');

export const BULK_JOB_MESSAGES = {
  unknownList: `List must be one of: ${BULK_LIST_NAMES.join(', ')}`,
  unknownAction: `Action must be one of: ${BULK_ACTIONS.join(', ')}`,
  actionNotOffered: (list: BulkList) =>
    `The ${BULK_NOUNS[list].many} list offers: ${bulkActionsOf(list).join(', ')}`,
  idsOrQuery: 'Send either ids or query, exactly one of the two',
  idsEmpty: 'Select at least one row',
  idsMax: `A selection of more than ${count(BULK_IDS_MAX)} rows is sent as the list's query`,
  invalidId: 'Each id must be a positive whole number',
  statusRequired: 'Please select a status',
  statusInvalid: (list: BulkList) => `Status must be one of: ${bulkStatusesOf(list).join(', ')}`,
  statusNotUsed: 'A status is only sent with set_status',
  scopeRequired: (list: BulkList) =>
    `The ${BULK_NOUNS[list].many} list needs its scope: ${Object.keys(BULK_LISTS[list].scope?.shape ?? {}).join(', ')}`,
  scopeNotUsed: (list: BulkList) => `The ${BULK_NOUNS[list].many} list takes no scope`,
  scopeInvalid: SCOPE_ID_INVALID,
  nothingMatches: 'No rows match this selection',
  notFound: 'Bulk job not found',
  finished: 'This job has already finished',
  /** A row failed for a reason that is not one of the action's rules (kept in the log). */
  rowFailed: 'This row could not be changed',
} as const;

export const BULK_JOB_SUCCESS = {
  created: 'Bulk action started',
  fetched: 'Bulk action fetched successfully',
  cancelled: 'Bulk action cancelled',
} as const;

/**
 * `POST /api/bulk-jobs`. Exactly one of `ids` (the rows selected) and `query` (the list's own
 * filters as its URL carries them, for 'all matching'; page, page size and sort are ignored);
 * `status` with `set_status` only. 'All matching' is resolved to ids when the job is made, so
 * the rows a job runs over are the count its confirmation named.
 */
export const bulkJobBody = z
  .object({
    list: z.enum(BULK_LIST_NAMES, { error: BULK_JOB_MESSAGES.unknownList }),
    action: z.enum(BULK_ACTIONS, { error: BULK_JOB_MESSAGES.unknownAction }),
    ids: z
      .array(idValue(BULK_JOB_MESSAGES.invalidId), { error: BULK_JOB_MESSAGES.invalidId })
      .min(1, BULK_JOB_MESSAGES.idsEmpty)
      .max(BULK_IDS_MAX, BULK_JOB_MESSAGES.idsMax)
      .optional()
      .meta({ description: `The rows selected, at most ${BULK_IDS_MAX}; not with \`query\`.` }),
    query: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({
        description:
          "The list's own filters (as its GET query), for every matching row; not with `ids`. " +
          'A value the list refuses is refused here (400 naming `query.<filter>`).',
      }),
    status: z
      .string()
      .optional()
      .meta({ description: "With `set_status` only: one of the list's statuses." }),
    scope: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({
        description:
          "Only for a list that is one record's own, and then required: `team-players` takes " +
          '`{ "team_id": <team> }`, the squad the rows are removed from.',
      }),
  })
  .superRefine((v, ctx) => {
    if ((v.ids === undefined) === (v.query === undefined))
      ctx.addIssue({ code: 'custom', path: ['ids'], message: BULK_JOB_MESSAGES.idsOrQuery });
    const def = BULK_LISTS[v.list];
    if (v.action === 'set_status') {
      if (!def.setStatus)
        ctx.addIssue({
          code: 'custom',
          path: ['action'],
          message: BULK_JOB_MESSAGES.actionNotOffered(v.list),
        });
      else if (v.status === undefined || v.status === '')
        ctx.addIssue({
          code: 'custom',
          path: ['status'],
          message: BULK_JOB_MESSAGES.statusRequired,
        });
      else if (!bulkStatusesOf(v.list).includes(v.status))
        ctx.addIssue({
          code: 'custom',
          path: ['status'],
          message: BULK_JOB_MESSAGES.statusInvalid(v.list),
        });
    } else if (v.status !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: BULK_JOB_MESSAGES.statusNotUsed });
    }
    if (def.scope === null) {
      if (v.scope !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['scope'],
          message: BULK_JOB_MESSAGES.scopeNotUsed(v.list),
        });
    } else if (v.scope === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['scope'],
        message: BULK_JOB_MESSAGES.scopeRequired(v.list),
      });
    } else {
      const parsed = def.scope.safeParse(v.scope);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: ['scope', ...issue.path], message: issue.message });
    }
    if (v.query !== undefined) {
      const parsed = def.query.safeParse(v.query);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: ['query', ...issue.path], message: issue.message });
    }
  })
  .meta({
    description:
      'Exactly one of `ids` and `query`; `status` with `set_status` only, one of the statuses ' +
      "of the list's records; `scope` exactly where the list is one record's own; an action " +
      "the list does not offer, or a value `query`'s list refuses, is a 400.",
  });

/** What a client sends: the list, the action, and either the ids or the list's filters. */
export type BulkJobRequest = {
  list: BulkList;
  action: BulkAction;
  status?: string;
  scope?: Record<string, number>;
} & ({ ids: number[]; query?: never } | { query: Record<string, string | undefined>; ids?: never });
export type BulkJobBody = z.output<typeof bulkJobBody>;

/** A row that failed, with the single-row action's own reason. */
export const bulkJobError = z.object({ id: z.number().int(), message: z.string() });
export type BulkJobError = z.infer<typeof bulkJobError>;

export const bulkJob = z.object({
  id: z.number().int(),
  list: z.enum(BULK_LIST_NAMES),
  action: z.enum(BULK_ACTIONS),
  /** The status `set_status` sets; null for a delete. */
  to_status: z.string().nullable(),
  /** The record the rows belong to, for a list that is one record's own (a squad's team). */
  scope: z.record(z.string(), z.number().int()).nullable(),
  status: z.enum(BULK_JOB_STATUSES),
  /** Rows the job runs over, fixed when it was made. */
  total: z.number().int(),
  /** Rows changed so far. */
  done: z.number().int(),
  /** Rows refused so far; the first BULK_ERRORS_KEPT are in `errors`. */
  failed: z.number().int(),
  errors: z.array(bulkJobError),
  cancel_requested: z.boolean(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type BulkJob = z.infer<typeof bulkJob>;
export const bulkJobData = z.object({ job: bulkJob });

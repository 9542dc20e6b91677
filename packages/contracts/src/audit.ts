import { z } from 'zod';
import { calendarDate, idValue, pageOf, paginationQuery, sortQuery } from './common.ts';
import { LIST_MESSAGES } from './paging.ts';

/**
 * The audit trail (decision 021). An entity type is what a mutating route declares it changes
 * (`config.audit.entity`); a feature that adds a new kind of record adds its name here.
 */
export const AUDIT_ENTITIES = {
  user: 'User',
  team: 'Team',
  role: 'Role',
  media: 'Media',
  wa_template: 'WhatsApp template',
  wa_template_category: 'WhatsApp template category',
  email_template: 'Email template',
  contact_message: 'Contact message',
  notification_template: 'Notification template',
  notification_send: 'Notification send',
  messaging_topic: 'Messaging topic',
  messaging_suppression: 'Suppressed address',
  messaging_settings: 'Messaging settings',
  // A bulk action (issue 33): its start and its cancel; each row's change is on the row's record.
  bulk_job: 'Bulk action',
  tournament: 'Tournament',
  match: 'Match',
  audience: 'Audience',
} as const;
export type AuditEntityType = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_TYPES = Object.keys(AUDIT_ENTITIES) as [
  AuditEntityType,
  ...AuditEntityType[],
];

/** What happened to the entity. Add an action here when a route does something new. */
export const AUDIT_ACTIONS = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  password_change: 'Password changed',
  permissions_grant: 'Permissions granted',
  permissions_revoke: 'Permissions revoked',
  players_add: 'Players added',
  player_update: 'Player updated',
  player_remove: 'Player removed',
  // Recorded when the reply is stored, before delivery: its status lives in the thread.
  reply: 'Reply recorded',
  reply_retry: 'Reply retried',
  send: 'Sent',
  cancel: 'Cancelled',
  retry_failed: 'Failed deliveries retried',
  submit: 'Submitted to WhatsApp',
  // An inbound STOP on WhatsApp, recorded with the actor 'WhatsApp' (issue 31).
  whatsapp_opt_out: 'Opted out of WhatsApp',
  // An inbound STOP by SMS, recorded with the actor 'SMS' (issue 32).
  sms_opt_out: 'Opted out of SMS',
  // A change of a user's messaging preference (issue 32), recorded on the user: by an admin, or
  // by the person through their unsubscribe link or preference page (actor 'Preference page').
  preference_change: 'Messaging preference changed',
  // A suppressed address released by an administrator, with the reason they gave (issue 32).
  suppression_remove: 'Removed from suppression',
  // A copy of a person's data handed out, and the erasure of it (decision 055): both without values.
  personal_data_export: 'Personal data exported',
  erase: 'Personal data erased',
  // Issue 36: a league's fixtures made at once, a result and its confirmation, a penalty.
  fixtures_generate: 'Fixtures generated',
  fixtures_import: 'Fixtures imported',
  fixtures_next_round: 'Next round drawn',
  fixture_update: 'Fixture moved',
  result_enter: 'Result entered',
  result_confirm: 'Result confirmed',
  penalty_add: 'Penalty given',
  availability_ask: 'Availability asked',
  selection_save: 'Team selected',
  sheet_publish: 'Team sheet published',
  reserve_promote: 'Reserve promoted',
  leaders_change: 'Captain and keeper changed',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/**
 * Field names whose values never enter the trail, at any depth: a password change is recorded
 * as an event without values.
 */
export const AUDIT_SECRET_FIELD = /password|hash|token|secret/i;

export const AUDIT_FILTER_MESSAGES = {
  entityType: 'Please choose a valid record type',
  action: 'Please choose a valid action',
  entityId: 'Record id must be a whole number',
  actorId: 'Actor id must be a whole number',
  date: 'Please enter a valid date',
  range: LIST_MESSAGES.invertedRange,
} as const;

/** The screens' texts (spec §8 "Messages" and the empty states). */
export const AUDIT_MESSAGES = {
  fetchFailed: 'Error fetching activity',
  empty: 'No activity found',
} as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const day = z.preprocess(blank, calendarDate(AUDIT_FILTER_MESSAGES.date).optional());

/** The activity log's sortable columns (issue 33): each the lead of an index (schema/audit.ts). */
export const AUDIT_SORT_KEYS = ['created_at', 'entity_type', 'action'] as const;

/** The activity log's filters, shared by its pages and its export. */
const auditFilters = {
  entity_type: z.preprocess(
    blank,
    z.enum(AUDIT_ENTITY_TYPES, { error: AUDIT_FILTER_MESSAGES.entityType }).optional(),
  ),
  entity_id: z.preprocess(blank, idValue(AUDIT_FILTER_MESSAGES.entityId).optional()),
  actor_id: z.preprocess(blank, idValue(AUDIT_FILTER_MESSAGES.actorId).optional()),
  /** Part of the actor's name or email as recorded, any case ('ux-admin', 'Asha'). */
  actor: z.preprocess(blank, z.string().trim().toLowerCase().max(254).optional()),
  action: z.preprocess(
    blank,
    z.enum(AUDIT_ACTION_NAMES, { error: AUDIT_FILTER_MESSAGES.action }).optional(),
  ),
  from: day,
  // The range rule below is reported on `to`, so the document says it there.
  to: day.meta({ description: 'Must not be before `from` (both days are included)' }),
};
const dayRangeOk = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const dayRangeError = { path: ['to'], message: AUDIT_FILTER_MESSAGES.range };
/**
 * `GET /api/audit-logs`: newest first. `from` and `to` are UTC days, both included; an empty
 * value means "All".
 */
export const auditLogsQuery = paginationQuery
  .extend({ ...sortQuery(AUDIT_SORT_KEYS), ...auditFilters })
  .refine(dayRangeOk, dayRangeError);
export type AuditLogsQuery = z.input<typeof auditLogsQuery>;
export type AuditLogsFilter = z.output<typeof auditLogsQuery>;
/** The export's query (issue 33): the list's filters and sort, without its page. */
export const auditLogsExportQuery = z
  .object({ ...sortQuery(AUDIT_SORT_KEYS), ...auditFilters })
  .refine(dayRangeOk, dayRangeError);
/** The activity log export's header row: the list's columns; the changes as their JSON. */
export const AUDIT_EXPORT_COLUMNS = {
  id: 'ID',
  created_at: 'When',
  actor_name: 'Actor',
  actor_email: 'Actor email',
  entity_type: 'Record type',
  entity_id: 'Record id',
  entity_name: 'Record',
  action: 'Action',
  changes: 'Changes',
} as const;

/** One field's values on either side of the change (null where the field did not exist). */
export const auditFieldChange = z.object({ before: z.unknown(), after: z.unknown() });
export const auditLog = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** Who made the change, named and addressed as they were at the time; null id: the system. */
  actor: z.object({
    id: z.number().int().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  entity_type: z.string(),
  entity_id: z.number().int(),
  /** The record's name now, or as its delete record kept it; null when neither is known. */
  entity_name: z.string().nullable(),
  action: z.string(),
  changes: z.record(z.string(), auditFieldChange),
});
export type AuditLog = z.infer<typeof auditLog>;
export const auditLogsPage = pageOf(auditLog);

/**
 * A list counts its matches up to this many (decision 021): the trail grows without bound,
 * and counting millions of rows for a pagination bar would undo its indexes.
 */
export const AUDIT_COUNT_CAP = 10_000;

export const AUDIT_SUCCESS = {
  listed: 'Activity fetched successfully',
} as const;

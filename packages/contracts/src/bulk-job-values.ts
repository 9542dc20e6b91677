// Plain values with no zod behind them (decision 029): the list kit draws every list's bulk bar
// from these, and importing bulk-jobs.ts, which builds every list's query schema, would load
// them all into each list screen.
import type { BulkJob } from './bulk-jobs.ts';
import { statusLabel } from './labels.ts';

/**
 * Bulk actions (issue 33, decisions 060 and 061): the actions, a job's life, the lists and their
 * nouns, and the words of the list kit's bulk bar. The schemas are in bulk-jobs.ts.
 */
export const BULK_ACTIONS = ['delete', 'set_status'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** A job's life: queued → running → done, or cancelled between two rows. */
export const BULK_JOB_STATUSES = ['queued', 'running', 'done', 'cancelled'] as const;
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];

/** Every list a bulk action works on, with the nouns its messages use. */
export const BULK_NOUNS = {
  users: { one: 'user', many: 'users' },
  teams: { one: 'team', many: 'teams' },
  roles: { one: 'role', many: 'roles' },
  'email-templates': { one: 'email template', many: 'email templates' },
  'notification-templates': { one: 'notification template', many: 'notification templates' },
  'wa-templates': { one: 'WhatsApp template', many: 'WhatsApp templates' },
  'wa-categories': { one: 'WhatsApp category', many: 'WhatsApp categories' },
  'contact-messages': { one: 'contact message', many: 'contact messages' },
  'messaging-topics': { one: 'messaging topic', many: 'messaging topics' },
  audiences: { one: 'audience', many: 'audiences' },
  // A team's squad: its delete takes the player out of the squad; the user stays.
  'team-players': { one: 'player', many: 'players', removes: true },
} as const satisfies Record<string, { one: string; many: string; removes?: true }>;
export type BulkList = keyof typeof BULK_NOUNS;

/**
 * The words of a list's delete: 'Delete', or 'Remove' where a row leaves what holds it (a
 * player leaves a squad) and nothing else is deleted, as its single-row action says.
 */
export function bulkDeleteWords(list: BulkList) {
  return 'removes' in BULK_NOUNS[list]
    ? {
        label: 'Remove',
        doing: 'Removing',
        done: 'removed',
        warning:
          'This cannot be undone. Rows that cannot be removed are skipped and listed with the reason.',
      }
    : {
        label: 'Delete',
        doing: 'Deleting',
        done: 'deleted',
        warning:
          'This cannot be undone. Rows that cannot be deleted are skipped and listed with the reason.',
      };
}

const count = (n: number) => n.toLocaleString('en-US');
const nounOf = (list: BulkList, n: number) =>
  n === 1 ? BULK_NOUNS[list].one : BULK_NOUNS[list].many;

/** Whether a job has ended (nothing more will change). */
export const bulkJobFinished = (job: Pick<BulkJob, 'status'>) =>
  job.status === 'done' || job.status === 'cancelled';

/** How often a screen asks for a running job's progress. */
export const BULK_JOB_POLL_MS = 1_000;

/**
 * The confirmation, naming the count: 'Delete 25 users?', 'Remove 3 players?', 'Set 3 roles
 * to Inactive?'.
 */
export function bulkConfirmText(list: BulkList, action: BulkAction, n: number, status?: string) {
  const rows = `${count(n)} ${nounOf(list, n)}`;
  if (action === 'delete') return `${bulkDeleteWords(list).label} ${rows}?`;
  return `Set ${rows} to ${statusLabel(status ?? '')}?`;
}

/** The progress bar's words: 'Deleting users: 120 of 2,000', 'Updating roles: 3 of 10'. */
export function bulkProgressText(
  job: Pick<BulkJob, 'list' | 'action' | 'total' | 'done' | 'failed'>,
) {
  const verb = job.action === 'delete' ? bulkDeleteWords(job.list).doing : 'Updating';
  return `${verb} ${BULK_NOUNS[job.list].many}: ${count(job.done + job.failed)} of ${count(job.total)}`;
}

/**
 * The end of a job in one sentence: 'Deleted 1,997 users; 3 failed.', 'Updated 25 roles.',
 * 'Cancelled: deleted 120 of 2,000 users.'
 */
export function bulkSummaryText(
  job: Pick<BulkJob, 'list' | 'action' | 'status' | 'total' | 'done' | 'failed'>,
) {
  const verb = job.action === 'delete' ? bulkDeleteWords(job.list).done : 'updated';
  const failed = job.failed > 0 ? `; ${count(job.failed)} failed` : '';
  if (job.status === 'cancelled')
    return `Cancelled: ${verb} ${count(job.done)} of ${count(job.total)} ${nounOf(job.list, job.total)}${failed}.`;
  const Verb = verb.charAt(0).toUpperCase() + verb.slice(1);
  return `${Verb} ${count(job.done)} ${nounOf(job.list, job.done)}${failed}.`;
}

/**
 * The list kit's selection and bulk bar (issue 33, decision 061): a checkbox per row and one
 * for the page, 'Select all N matching' across pages, and the bar's actions.
 */
export const BULK_SELECTION_LABELS = {
  selectRow: (name: string) => `Select ${name}`,
  selectPage: 'Select all on this page',
  selectAllMatching: (n: number) => `Select all ${count(n)} matching`,
  allMatching: (n: number) => `All ${count(n)} matching rows are selected.`,
  clear: 'Clear selection',
  selected: (n: number) => `${count(n)} selected`,
  region: 'Bulk actions',
  jobRegion: 'Bulk action progress',
  starting: 'Starting…',
  statusLabel: 'New status',
  statusPlaceholder: 'Choose a status',
  setStatus: 'Set status',
  /** Under a status change's confirmation. */
  statusWarning: 'Rows that cannot be changed are skipped and listed with the reason.',
  /** The delete button on most lists; `bulkDeleteWords` has each list's own. */
  delete: 'Delete',
  close: 'Close',
  /** A failed row: its name where the page showed it, else its id. */
  failedRow: (name: string, message: string) => `${name}: ${message}`,
  rowOf: (id: number) => `#${id}`,
  fetchFailed: 'Failed to load the progress of the bulk action',
  createFailed: 'Failed to start the bulk action',
  cancelFailed: 'Failed to cancel the bulk action',
  cancel: 'Cancel',
  failuresHeading: 'Rows that failed',
} as const;

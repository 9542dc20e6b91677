import {
  BULK_SELECTION_LABELS as L,
  bulkConfirmText,
  bulkDeleteWords,
  bulkJobFinished,
  bulkProgressText,
  bulkSummaryText,
  statusLabel,
  type BulkAction,
  type BulkJob,
  type BulkJobRequest,
  type BulkList,
} from '@cricket/contracts';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { bulkJobQuery, cancelBulkJob, jobUnreadable, startBulkJob } from '@/lib/bulk-jobs';
import { errorMessage } from '@/lib/http';
import { auditLogKeys } from '@/lib/query-keys';
import { useErrorToast } from '@/lib/use-error-toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import {
  isSelected,
  jobTarget,
  offersAllMatching,
  pageState,
  selectedCount,
  toggleRow,
  togglePage,
  useSelection,
  type RowId,
} from './bulk-selection';
import { ConfirmDialog } from './confirm-dialog';
import type { RowSelection } from './data-table';
import { Button } from './ui/button';
import { Select } from './ui/select';

/** The search parameter that keeps a running job on screen across a reload. */
export const BULK_JOB_PARAM = 'bulk';

/**
 * A list's bulk actions, declared on its `ListTable` (issue 33): the kit draws the checkboxes,
 * the bar, the confirmation and the job's progress. The job API checks each action against
 * the list (`BULK_LISTS`) and the user's permissions again.
 */
export interface BulkDeclaration<Row> {
  /** The list as the job API names it, e.g. 'users'. */
  list: BulkList;
  /**
   * The actions the signed-in user may take here (`false` for one they may not:
   * `[canDelete && 'delete', canUpdate && 'set_status']`). With none, no checkboxes.
   */
  actions: readonly (BulkAction | false)[];
  /** The statuses 'Set status' offers, where the record has one (the list's `BULK_LISTS`). */
  statuses?: readonly string[];
  /** The list's filters as its endpoint takes them: 'all matching' sends these to the job. */
  query: Record<string, string | number | boolean | null | undefined>;
  /** Where the list is one record's own (a team's squad), that record: `{ team_id }`. */
  scope?: Record<string, number>;
  /** Names a row in its checkbox's label ('Select Jane Doe') and in the failed rows. */
  name: (row: Row) => string;
  /** The query keys of the list and whatever counts its rows: refreshed when the job ends. */
  refresh: readonly QueryKey[];
}

/** A sort or a page changes which rows show, not which match: the selection stays. */
function filtersOnly(query: BulkDeclaration<unknown>['query']): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'sort' || key === 'order' || key === 'page' || key === 'limit') continue;
    const text = typeof value === 'string' ? value.trim() : value;
    if (text !== undefined && text !== null && text !== '') filters[key] = String(text);
  }
  return filters;
}

/** What the job would do, waiting for the confirmation. */
interface Pending {
  action: BulkAction;
  status?: string;
  count: number;
}

/**
 * Selection, bar and job for one list. Returns the table's checkboxes and the bar to draw
 * above it; where the user may do none of the actions, neither.
 */
export function useBulkActions<Row>({
  bulk,
  rows,
  rowKey,
  total,
}: {
  bulk: BulkDeclaration<Row>;
  rows: readonly Row[];
  rowKey: (row: Row) => RowId;
  total: number;
}): { selection?: RowSelection<Row>; bar: ReactNode } {
  const filters = filtersOnly(bulk.query);
  const { scope } = bulk;
  // Another record's list (another team's squad) is another selection, as other filters are.
  const { selection, update, clear } = useSelection(JSON.stringify([filters, scope]));
  const job = useJob(bulk);
  // The names of the rows seen, for the failed rows of a job started here.
  const [names] = useState(() => new Map<RowId, string>());
  const nameOf = bulk.name;
  useEffect(() => {
    for (const row of rows) names.set(rowKey(row), nameOf(row));
  }, [rows, rowKey, nameOf, names]);

  const actions = bulk.actions.filter((action): action is BulkAction => !!action);
  if (actions.length === 0) return { bar: null };

  const pageIds = rows.map(rowKey);
  const rowSelection: RowSelection<Row> = {
    isSelected: (row) => isSelected(selection, rowKey(row)),
    toggle: (row) => update((current) => toggleRow(current, rowKey(row), pageIds)),
    page: pageState(selection, pageIds),
    togglePage: () => update((current) => togglePage(current, pageIds)),
    name: bulk.name,
    pageLabel: L.selectPage,
    rowLabel: L.selectRow,
  };

  const start = async ({ action, status }: Pending) => {
    const target = jobTarget(selection, filters);
    const body: BulkJobRequest =
      'ids' in target
        ? { list: bulk.list, action, status, scope, ids: target.ids.map(Number) }
        : { list: bulk.list, action, status, scope, query: target.query };
    await job.start(body);
    clear();
  };

  const bar =
    job.id !== null ? (
      <JobProgress job={job} names={names} />
    ) : selectedCount(selection, total) > 0 ? (
      <SelectionBar
        list={bulk.list}
        count={selectedCount(selection, total)}
        total={total}
        matching={selection.kind === 'matching'}
        offerMatching={offersAllMatching(selection, pageIds, total)}
        onSelectMatching={() => update(() => ({ kind: 'matching' }))}
        onClear={clear}
        actions={actions}
        statuses={bulk.statuses ?? []}
        onStart={start}
      />
    ) : null;
  // While a job runs the rows are changing under it: no new selection until it ends.
  return { selection: job.id === null ? rowSelection : undefined, bar };
}

const barLayout = 'flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-4 py-3 text-sm';
const barClasses = `${barLayout} border-primary-100 bg-primary-50 text-neutral-800`;
/** A job that ended with every row failed: nothing it was asked to do was done. */
const failedBarClasses = `${barLayout} border-danger-100 bg-danger-50 text-neutral-800`;

function SelectionBar({
  list,
  count,
  total,
  matching,
  offerMatching,
  onSelectMatching,
  onClear,
  actions,
  statuses,
  onStart,
}: {
  list: BulkList;
  count: number;
  total: number;
  matching: boolean;
  offerMatching: boolean;
  onSelectMatching: () => void;
  onClear: () => void;
  actions: readonly BulkAction[];
  statuses: readonly string[];
  onStart: (pending: Pending) => Promise<void>;
}) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [status, setStatus] = useState('');
  const flight = useSingleFlight();
  const canSetStatus = actions.includes('set_status') && statuses.length > 0;
  const deleteWords = bulkDeleteWords(list);

  // A job that would not start says why; the confirmation stays for another try or Cancel.
  const confirm = () =>
    void flight.run(async () => {
      if (pending === null) return;
      try {
        await onStart(pending);
        setPending(null);
      } catch (error) {
        toast.error(errorMessage(error, L.createFailed));
      }
    });

  return (
    <div role="region" aria-label={L.region} className={barClasses}>
      <p aria-live="polite" className="font-semibold text-neutral-900 tabular-nums">
        {L.selected(count)}
      </p>
      {matching && <p className="text-neutral-700">{L.allMatching(total)}</p>}
      {offerMatching && (
        <Button variant="secondary" size="sm" onClick={onSelectMatching}>
          {L.selectAllMatching(total)}
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={onClear}>
        {L.clear}
      </Button>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        {canSetStatus && (
          <>
            <Select
              aria-label={L.statusLabel}
              value={status}
              onChange={setStatus}
              options={statuses.map((value) => ({ value, label: statusLabel(value) }))}
              placeholder={L.statusPlaceholder}
              className="h-8 w-40 py-0"
            />
            <Button
              variant="secondary"
              size="sm"
              disabled={status === ''}
              onClick={() => setPending({ action: 'set_status', status, count })}
            >
              {L.setStatus}
            </Button>
          </>
        )}
        {actions.includes('delete') && (
          <Button
            variant="danger"
            size="sm"
            onClick={() => setPending({ action: 'delete', count })}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {deleteWords.label}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? bulkConfirmText(list, pending.action, pending.count, pending.status) : ''}
        description={pending?.action === 'delete' ? deleteWords.warning : L.statusWarning}
        confirmLabel={pending?.action === 'delete' ? deleteWords.label : L.setStatus}
        tone={pending?.action === 'delete' ? 'danger' : 'primary'}
        busy={flight.busy}
        onConfirm={confirm}
        // Once the job starts the bar gives way to its progress, which takes focus itself.
        returnFocus={flight.busy ? 'none' : 'opener'}
      />
    </div>
  );
}

interface Job {
  id: string | null;
  data: BulkJob | undefined;
  /** Started on this page rather than found in the address: its region takes focus. */
  startedHere: boolean;
  start: (body: BulkJobRequest) => Promise<void>;
  cancel: () => void;
  cancelling: boolean;
  dismiss: () => void;
}

/**
 * The job lives in the address (`bulk=<id>`, beside the list's filters): a reload or a shared
 * link finds it again and carries on polling. At its end the list and its counts refresh.
 */
function useJob(bulk: BulkDeclaration<never>): Job {
  const [params, setParams] = useSearchParams();
  const id = params.get(BULK_JOB_PARAM);
  const queryClient = useQueryClient();
  const query = useQuery({ ...bulkJobQuery(id ?? ''), enabled: id !== null });
  useErrorToast(query.error, L.fetchFailed);
  const [startedHere, setStartedHere] = useState<string | null>(null);
  const setId = (next: string | null) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next === null) changed.delete(BULK_JOB_PARAM);
        else changed.set(BULK_JOB_PARAM, next);
        return changed;
      },
      { replace: true },
    );

  // A job that cannot be read (another's, or gone) leaves the address, its toast said why.
  const unreadable = jobUnreadable(query.error);
  useEffect(() => {
    if (unreadable) setId(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setId is rebuilt each render
  }, [unreadable]);

  const ended = query.data !== undefined && bulkJobFinished(query.data);
  const refreshed = useRef<string | null>(null);
  const { refresh } = bulk;
  useEffect(() => {
    if (!ended || id === null || refreshed.current === id) return;
    refreshed.current = id;
    // Each row's change has its audit record, as a single save's has.
    for (const key of [...refresh, auditLogKeys.all])
      void queryClient.invalidateQueries({ queryKey: key });
  }, [ended, id, refresh, queryClient]);

  const cancelFlight = useSingleFlight();
  return {
    id,
    data: query.data,
    startedHere: startedHere !== null && startedHere === id,
    start: async (body) => {
      const job = await startBulkJob(body);
      const started = String(job.id);
      queryClient.setQueryData(bulkJobQuery(started).queryKey, job);
      setStartedHere(started);
      setId(started);
    },
    cancel: () =>
      void cancelFlight.run(async () => {
        if (id === null) return;
        try {
          queryClient.setQueryData(bulkJobQuery(id).queryKey, await cancelBulkJob(id));
        } catch (error) {
          toast.error(errorMessage(error, L.cancelFailed));
        }
      }),
    cancelling: cancelFlight.busy,
    dismiss: () => {
      setId(null);
      document.getElementById('main-content')?.focus();
    },
  };
}

/** The job's progress while it runs and what it did when it ends, in one region. */
function JobProgress({ job, names }: { job: Job; names: ReadonlyMap<RowId, string> }) {
  const region = useRef<HTMLDivElement>(null);
  // Started from the bar's confirmation, whose buttons are gone: focus comes here.
  useEffect(() => {
    if (job.startedHere) region.current?.focus();
  }, [job.startedHere]);
  const data = job.data;
  const processed = data ? data.done + data.failed : 0;
  const total = data?.total ?? 0;
  const allFailed =
    data !== undefined && bulkJobFinished(data) && data.done === 0 && data.failed > 0;
  const share = (n: number) => `${total > 0 ? (n / total) * 100 : 0}%`;
  // Kept, full, beside the summary: a job over in less than a poll still shows how far it went.
  // The rows that failed are their own, red part of the bar, so a job that failed shows so.
  const meter = (
    <div
      role="progressbar"
      aria-label={L.jobRegion}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={processed}
      className="flex h-2 min-w-40 flex-1 overflow-hidden rounded-full bg-neutral-200"
    >
      <div
        className="h-full bg-solid-primary transition-[width]"
        style={{ width: share(data?.done ?? 0) }}
      />
      <div
        className="h-full bg-solid-danger transition-[width]"
        style={{ width: share(data?.failed ?? 0) }}
      />
    </div>
  );

  return (
    <div
      ref={region}
      tabIndex={-1}
      role="region"
      aria-label={L.jobRegion}
      className={`${allFailed ? failedBarClasses : barClasses} focus:outline-2 focus:-outline-offset-2 focus:outline-primary-600`}
    >
      {data === undefined || !bulkJobFinished(data) ? (
        <>
          <div className="flex min-w-60 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
            <p aria-live="polite" className="font-medium text-neutral-900 tabular-nums">
              {data ? bulkProgressText(data) : L.starting}
            </p>
            {meter}
          </div>
          <Button
            variant="secondary"
            size="sm"
            busy={job.cancelling || data?.cancel_requested}
            disabled={data === undefined}
            onClick={job.cancel}
          >
            <X className="size-4" aria-hidden="true" />
            {L.cancel}
          </Button>
        </>
      ) : (
        <>
          <div role="status" className="min-w-0 flex-1 space-y-2">
            <p className={`font-semibold ${allFailed ? 'text-danger-700' : 'text-neutral-900'}`}>
              {bulkSummaryText(data)}
            </p>
            <div className="flex max-w-md">{meter}</div>
            {data.errors.length > 0 && (
              <>
                <p className="font-medium text-danger-700">{L.failuresHeading}</p>
                {/* Focusable: a long list scrolls, and the keyboard must reach all of it. */}
                <ul
                  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                  tabIndex={0}
                  aria-label={L.failuresHeading}
                  className="max-h-40 list-disc space-y-1 overflow-auto rounded pl-5 text-neutral-700 focus-visible:outline-2 focus-visible:outline-primary-600"
                >
                  {data.errors.map((error) => (
                    <li key={error.id}>
                      {L.failedRow(names.get(error.id) ?? L.rowOf(error.id), error.message)}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <Button variant="secondary" size="sm" onClick={job.dismiss}>
            {L.close}
          </Button>
        </>
      )}
    </div>
  );
}

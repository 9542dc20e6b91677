import {
  AUDIT_ACTION_NAMES,
  AUDIT_COUNT_CAP,
  AUDIT_SORT_KEYS,
  AUDIT_ENTITY_TYPES,
  AUDIT_MESSAGES,
  type AuditAction,
  type AuditEntityType,
  type AuditLog,
  type AuditLogsQuery,
} from '@cricket/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  actionLabel,
  actorName,
  AuditChanges,
  changedFields,
  entityLabel,
  recordHref,
} from '@/components/audit-changes';
import { TruncatedText, type Column } from '@/components/data-table';
import {
  FilterDateRangeFor,
  FilterNumberFor,
  FilterSelectFor,
  FilterTextFor,
} from '@/components/filter-controls';
import { ListExportButton } from '@/components/list-export-button';
import {
  isDay,
  ListTable,
  oneOf,
  sortParams,
  useListPage,
  type ListQueryState,
} from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { SidePanel } from '@/components/side-panel';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { auditLogsQuery } from '@/lib/audit-logs';
import { formatDateTime } from '@/lib/format';

const FILTERS = ['entity_type', 'entity_id', 'actor', 'action', 'from', 'to'] as const;

/** 'Team #12 · Mumbai Mavericks': the id the filter takes, and the name people know it by. */
const recordName = (r: AuditLog) =>
  `${entityLabel(r.entity_type)} #${r.entity_id}${r.entity_name ? ` · ${r.entity_name}` : ''}`;

/** The log's filters as the API takes them, for its pages and its export. */
function auditFilters({ filters: f }: Pick<ListQueryState<(typeof FILTERS)[number]>, 'filters'>) {
  return {
    entity_type: (f.entity_type || undefined) as AuditEntityType | undefined,
    entity_id: f.entity_id.trim() || undefined,
    actor: f.actor.trim() || undefined,
    action: (f.action || undefined) as AuditAction | undefined,
    from: f.from || undefined,
    to: f.to || undefined,
  };
}

/** Settings › Activity Log: who changed what, newest first, with each field before and after. */
export function ActivityLogPage() {
  const [open, setOpen] = useState<AuditLog | null>(null);
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['entity_id', 'actor'],
    // The address's values are checked here; a typed record id is the server's to refuse.
    checks: {
      entity_type: oneOf(AUDIT_ENTITY_TYPES),
      action: oneOf(AUDIT_ACTION_NAMES),
      from: isDay,
      to: isDay,
    },
    ranges: [['from', 'to']],
    sorts: AUDIT_SORT_KEYS,
    query: (state) =>
      auditLogsQuery({
        page: state.page,
        limit: state.limit,
        ...(sortParams(state.sort) as Pick<AuditLogsQuery, 'sort' | 'order'>),
        ...auditFilters(state),
      }),
    errorText: AUDIT_MESSAGES.fetchFailed,
  });

  const columns: Column<AuditLog>[] = [
    {
      id: 'when',
      header: 'When',
      sortKey: 'created_at',
      // Wide enough for the date inputs when the table is at its narrowest (720 px, a phone).
      width: 'w-[25%]',
      cell: (r) => <TruncatedText text={formatDateTime(r.created_at)} />,
      filter: (
        <FilterDateRangeFor list={list} from="from" to="to" fromLabel="From day" toLabel="To day" />
      ),
    },
    {
      id: 'actor',
      header: 'Actor',
      width: 'w-[22%]',
      cell: (r) => (
        <span className="block min-w-0">
          <TruncatedText text={actorName(r)} />
          {r.actor.name && r.actor.email && (
            <TruncatedText text={r.actor.email} className="text-xs text-neutral-500" />
          )}
        </span>
      ),
      filter: (
        <FilterTextFor
          list={list}
          name="actor"
          label="Filter by actor name or email"
          placeholder="Actor name or email"
        />
      ),
    },
    {
      id: 'record',
      header: 'Record',
      sortKey: 'entity_type',
      width: 'w-[18%]',
      cell: (r) => <TruncatedText text={recordName(r)} className="font-medium text-neutral-900" />,
      filter: (
        <div className="flex flex-col gap-1.5">
          <FilterSelectFor
            list={list}
            name="entity_type"
            label="Filter by record type"
            options={AUDIT_ENTITY_TYPES.map((t) => ({ value: t, label: entityLabel(t) }))}
          />
          <FilterNumberFor
            list={list}
            name="entity_id"
            label="Filter by record id"
            placeholder="Record id"
          />
        </div>
      ),
    },
    {
      id: 'action',
      header: 'Action',
      sortKey: 'action',
      width: 'w-[16%]',
      cell: (r) => (
        <Badge tone={r.action === 'delete' ? 'red' : r.action === 'create' ? 'green' : 'blue'}>
          {actionLabel(r.action)}
        </Badge>
      ),
      filter: (
        <FilterSelectFor
          list={list}
          name="action"
          label="Filter by action"
          options={AUDIT_ACTION_NAMES.map((a) => ({ value: a, label: actionLabel(a) }))}
        />
      ),
    },
    {
      id: 'fields',
      header: 'Changed fields',
      width: 'w-[19%]',
      cell: (r) => <TruncatedText text={changedFields(r) || '—'} className="text-neutral-600" />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Activity Log"
        actions={
          <ListExportButton
            list="audit-logs"
            query={{ ...auditFilters(list), ...sortParams(list.sort) }}
          />
        }
      />
      <Card flush>
        <ListTable
          list={list}
          label="Activity Log"
          columns={columns}
          rowKey={(r) => r.id}
          emptyText={AUDIT_MESSAGES.empty}
          onRowClick={setOpen}
          rowLabel={(r) => `Open ${actionLabel(r.action)} ${recordName(r)}`}
        />
        {list.pagination?.total === AUDIT_COUNT_CAP && (
          <p className="border-t border-neutral-100 px-5 py-3 text-xs text-neutral-500">
            Counting stops at {AUDIT_COUNT_CAP.toLocaleString('en-IN')} records: narrow the days or
            filters to reach older ones.
          </p>
        )}
      </Card>
      <SidePanel
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title={open ? `${actionLabel(open.action)}: ${recordName(open)}` : ''}
        description={open ? `By ${actorName(open)} on ${formatDateTime(open.created_at)}` : ''}
      >
        {open && <AuditChanges record={open} />}
        {open && open.action !== 'delete' && recordHref(open.entity_type, open.entity_id) && (
          <Link
            to={recordHref(open.entity_type, open.entity_id)!}
            className="mt-4 inline-block text-sm font-medium text-primary-700 hover:underline"
          >
            View {entityLabel(open.entity_type)}
          </Link>
        )}
      </SidePanel>
    </>
  );
}

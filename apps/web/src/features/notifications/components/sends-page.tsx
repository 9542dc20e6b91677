import {
  NOTIFICATION_ERRORS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SEND_SORT_KEYS,
  SEND_CHANNEL_LABELS,
  type NotificationSend,
  SEND_STATUSES,
} from '@cricket/contracts';
import { Send } from 'lucide-react';
import { Link } from 'react-router';
import { TruncatedText, actionsColumn, type Column } from '@/components/data-table';
import { FilterSelectFor } from '@/components/filter-controls';
import { ListExportButton } from '@/components/list-export-button';
import { ListTable, sortParams, useListPage, type ListQueryState } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime, statusLabel } from '@/lib/format';
import { useOpenRecord } from '@/lib/record-route';
import { useCan } from '@/lib/session';
import { sendsQuery } from '../api/sends';
import { SendCountsText } from './send-counts';
import { SendStatusBadge } from './badges';

const FILTERS = ['status'] as const;
const STATUS_OPTIONS = SEND_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

/** The list's filters and sort as the API takes them, for its pages and its export. */
function sendsFilters({
  sort,
  filters,
}: Pick<ListQueryState<(typeof FILTERS)[number]>, 'sort' | 'filters'>) {
  return { ...sortParams(sort), status: filters.status || undefined };
}

/** Sent Notifications (/sent-notifications): every send, its honest status and live counts. */
export function SendsPage() {
  const openRecord = useOpenRecord('/sent-notifications');
  const canSend = useCan('notifications.send');
  const list = useListPage({
    filters: FILTERS,
    sorts: NOTIFICATION_SEND_SORT_KEYS,
    query: (state) => sendsQuery({ page: state.page, limit: state.limit, ...sendsFilters(state) }),
    errorText: NOTIFICATION_ERRORS.fetchSends,
  });
  const open = (send: NotificationSend) => openRecord(send.id);

  const columns: Column<NotificationSend>[] = [
    {
      id: 'template',
      header: 'Template',
      sortKey: 'template',
      width: 'w-[24%]',
      cell: (s) => (
        <span className="block min-w-0">
          <TruncatedText text={s.template_name} className="font-medium text-neutral-900" />
          <span className="text-xs text-neutral-500">{SEND_CHANNEL_LABELS[s.channel]}</span>
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      width: 'w-56',
      cell: (s) => <SendStatusBadge status={s.status} failed={s.counts.failed} />,
      filter: (
        <FilterSelectFor
          list={list}
          name="status"
          label="Filter by status"
          options={STATUS_OPTIONS}
        />
      ),
    },
    {
      id: 'counts',
      header: 'Deliveries',
      width: 'w-[26%]',
      cell: (s) => <SendCountsText counts={s.counts} />,
    },
    {
      id: 'when',
      header: 'When',
      sortKey: 'created_at',
      width: 'w-44',
      cell: (s) => (
        <span className="text-neutral-700">
          {s.scheduled_at && s.status === 'scheduled'
            ? `Scheduled ${formatDateTime(s.scheduled_at)}`
            : formatDateTime(s.started_at ?? s.created_at)}
        </span>
      ),
    },
    actionsColumn<NotificationSend>({ name: (s) => `send ${s.id}`, view: open }),
  ];

  return (
    <>
      <PageHeader
        title="Sent Notifications"
        actions={
          <>
            <ListExportButton
              list="notifications/sends"
              fileName="notification-sends"
              query={sendsFilters(list)}
            />
            {canSend && (
              <Link to="/send-notification" className={buttonClasses({})}>
                <Send className="size-4" aria-hidden="true" />
                Send Notification
              </Link>
            )}
          </>
        }
      />
      <Card flush>
        <ListTable
          list={list}
          label="Sent notifications"
          columns={columns}
          rowKey={(s) => s.id}
          emptyText={NOTIFICATION_MESSAGES.sendsEmpty}
          onRowClick={open}
          rowLabel={(s) => `Open send ${s.id} (${s.template_name})`}
        />
      </Card>
    </>
  );
}

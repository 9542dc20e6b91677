import {
  DELIVERY_SORT_KEYS,
  DELIVERY_STATUSES,
  NOTIFICATION_ERRORS,
  NOTIFICATION_MESSAGES,
  RECIPIENT_TYPE_LABELS,
  SEND_CHANNEL_LABELS,
  type NotificationDelivery,
} from '@cricket/contracts';
import { ArrowLeft, Ban, RotateCw, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TruncatedText, type Column } from '@/components/data-table';
import { DetailItem } from '@/components/detail-item';
import { ProviderReason } from '@/components/provider-reason';
import { FilterSelectFor } from '@/components/filter-controls';
import { ListExportButton } from '@/components/list-export-button';
import { ListTable, sortParams, useListPage } from '@/components/list-page';
import { StatusScreen } from '@/components/status-screen';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime, statusLabel } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { useRecordId } from '@/lib/record-route';
import { useCan } from '@/lib/session';
import { useSingleFlight } from '@/lib/use-single-flight';
import { sendQuery, useSendAction, type SendPage, type SendParams } from '../api/sends';
import { DeliveryStatusBadge, NotificationTypeBadge, SendStatusBadge } from './badges';
import { SendCountsText } from './send-counts';
import { SendProgress } from './send-progress';

const FILTERS = ['status'] as const;
const STATUS_OPTIONS = DELIVERY_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

/** One send (/sent-notifications/view?id=7): its outcome, Cancel, Retry failed, deliveries. */
export function SendDetailsPage() {
  const id = useRecordId();
  const valid = id !== null;
  const list = useListPage({
    filters: FILTERS,
    sorts: DELIVERY_SORT_KEYS,
    query: ({ page, limit, filters, sort, pageKey }) =>
      sendQuery(id ?? 0, {
        page,
        limit,
        status: filters.status || undefined,
        ...(sortParams(sort) as Pick<SendParams, 'sort' | 'order'>),
        page_key: pageKey,
      }),
    rowsOf: (data: SendPage) => data.deliveries,
    errorText: NOTIFICATION_ERRORS.fetchSends,
    enabled: valid,
  });
  const send = list.query.data?.send;
  const canSend = useCan('notifications.send');
  const cancel = useSendAction('cancel');
  const retry = useSendAction('retry-failed');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancelFlight = useSingleFlight();
  const retryFlight = useSingleFlight();

  // Arriving from the send form (Send Now at the foot of a long page), the page opens at its
  // top: the title, status and Cancel are what matter now (issue 30).
  useEffect(() => window.scrollTo(0, 0), [id]);

  function run(
    flight: typeof cancelFlight,
    action: typeof cancel,
    failure: string,
    click: { detail: number },
    after?: () => void,
  ) {
    if (id === null) return;
    void flight.run(async () => {
      try {
        toast.success(await action.mutateAsync(id));
        after?.();
      } catch (error) {
        toast.error(errorMessage(error, failure));
      }
    }, click);
  }

  if (!valid) return <StatusScreen icon={SearchX} title="Send not found" />;

  const columns: Column<NotificationDelivery>[] = [
    {
      id: 'recipient',
      header: 'Recipient',
      sortKey: 'recipient',
      width: 'w-[22%]',
      cell: (d) => (
        <span className="block min-w-0">
          <TruncatedText text={d.recipient} className="font-medium text-neutral-900" />
          <TruncatedText text={d.address ?? '—'} className="text-xs text-neutral-500" />
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      width: 'w-36',
      cell: (d) => <DeliveryStatusBadge status={d.status} />,
      filter: (
        <FilterSelectFor
          list={list}
          name="status"
          label="Filter deliveries by status"
          options={STATUS_OPTIONS}
        />
      ),
    },
    { id: 'attempts', header: 'Attempts', width: 'w-24', cell: (d) => d.attempts },
    {
      id: 'error',
      header: 'Last error',
      width: 'w-[22%]',
      cell: (d) =>
        d.last_error ? <ProviderReason raw={d.last_error} kind={send?.channel} /> : '—',
    },
    {
      id: 'provider',
      header: 'Provider id',
      width: 'w-[18%]',
      cell: (d) =>
        d.provider_message_id ? (
          <TruncatedText text={d.provider_message_id} className="font-mono text-xs" />
        ) : (
          '—'
        ),
    },
    {
      id: 'time',
      header: 'Updated',
      width: 'w-44',
      cell: (d) => (
        <span className="text-xs text-neutral-600">
          {d.read_at
            ? `Read ${formatDateTime(d.read_at)}`
            : d.delivered_at
              ? `Delivered ${formatDateTime(d.delivered_at)}`
              : d.sent_at
                ? `Sent ${formatDateTime(d.sent_at)}`
                : d.next_attempt_at
                  ? `Due ${formatDateTime(d.next_attempt_at)}`
                  : formatDateTime(d.updated_at)}
        </span>
      ),
    },
  ];

  const live = send && (send.status === 'scheduled' || send.status === 'running');
  return (
    <>
      <Link
        to="/sent-notifications"
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3 mb-4' })}
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back
      </Link>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-neutral-900">
          {send ? send.template_name : 'Notification send'}
        </h1>
        {send && (
          <div className="flex flex-wrap gap-2">
            <ListExportButton
              list={`notifications/sends/${send.id}/deliveries`}
              fileName="deliveries"
              query={{ status: list.filters.status || undefined, ...sortParams(list.sort) }}
            />
            {canSend && live && (
              <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
                <Ban className="size-4" aria-hidden="true" />
                Cancel
              </Button>
            )}
            {canSend && send.counts.failed > 0 && send.status !== 'cancelled' && (
              <Button
                onClick={(click) => run(retryFlight, retry, NOTIFICATION_ERRORS.retry, click)}
                busy={retryFlight.busy}
                busyText="Retrying..."
              >
                <RotateCw className="size-4" aria-hidden="true" />
                Retry failed
              </Button>
            )}
          </div>
        )}
      </div>
      {send && <SendProgress key={send.id} send={send} updatedAt={list.query.dataUpdatedAt} />}
      {send && (
        <Card className="mb-6">
          <dl className="divide-y divide-neutral-100">
            <DetailItem layout="row" label="Status">
              <span role="status" aria-live="polite">
                <SendStatusBadge status={send.status} failed={send.counts.failed} />
                {send.held_reason && (
                  <span className="mt-1 block text-sm text-warning-800">{send.held_reason}</span>
                )}
              </span>
            </DetailItem>
            <DetailItem layout="row" label="Channel">
              <NotificationTypeBadge type={send.channel} /> {SEND_CHANNEL_LABELS[send.channel]}
            </DetailItem>
            <DetailItem layout="row" label="Deliveries">
              <SendCountsText counts={send.counts} />
            </DetailItem>
            <DetailItem layout="row" label="Recipients">
              {RECIPIENT_TYPE_LABELS[send.recipient_type]}
              {send.audience_name && `: ${send.audience_name}`}
            </DetailItem>
            {send.subject && (
              <DetailItem layout="row" label="Subject">
                {send.subject}
              </DetailItem>
            )}
            <DetailItem layout="row" label="Message">
              <span className="whitespace-pre-wrap">{send.message}</span>
            </DetailItem>
            {send.scheduled_at && (
              <DetailItem layout="row" label="Scheduled for">
                {formatDateTime(send.scheduled_at)}
              </DetailItem>
            )}
            <DetailItem layout="row" label="Requested">
              {formatDateTime(send.created_at)}
              {send.created_by ? ` by ${send.created_by}` : ''}
            </DetailItem>
            {send.finished_at && (
              <DetailItem layout="row" label="Finished">
                {formatDateTime(send.finished_at)}
              </DetailItem>
            )}
          </dl>
        </Card>
      )}
      <Card flush>
        <ListTable
          list={list}
          label="Deliveries"
          columns={columns}
          rowKey={(d) => d.id}
          emptyText={NOTIFICATION_MESSAGES.deliveriesEmpty}
        />
      </Card>
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel Send"
        description="No further message of this send will go out. Messages already delivered stay delivered."
        confirmLabel="Cancel Send"
        cancelLabel="Keep Sending"
        busy={cancelFlight.busy}
        onConfirm={() =>
          run(cancelFlight, cancel, NOTIFICATION_ERRORS.cancel, { detail: 0 }, () =>
            setConfirmCancel(false),
          )
        }
      />
    </>
  );
}

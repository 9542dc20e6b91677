import {
  SUPPRESSION_CHANNELS,
  SUPPRESSION_MESSAGES,
  SUPPRESSION_NOTE_MAX,
  SUPPRESSION_REASONS,
  SUPPRESSION_REASON_WORDS,
  SUPPRESSION_SORT_KEYS,
  SUPPRESSION_SUCCESS,
  capitalize,
  type SendChannel,
  type Suppression,
  type SuppressionsFilter,
} from '@cricket/contracts';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { TruncatedText, actionsColumn, type Column } from '@/components/data-table';
import { FilterSelectFor, FilterTextFor } from '@/components/filter-controls';
import { lazyPanel } from '@/components/lazy-panel';
import { ListExportButton } from '@/components/list-export-button';
import { ListTable, sortParams, useListPage, type ListQueryState } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { controlClasses } from '@/components/ui/field-frame';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/session';
import { cn } from '@/lib/cn';
import { suppressionsQuery, useRemoveSuppression } from '../api/suppressions';

const AddSuppressionPanel = lazyPanel(
  () => import('./add-suppression-panel').then((m) => m.AddSuppressionPanel),
  (p) => p.open,
);

const channelWords = (c: SendChannel) =>
  c === 'sms' ? 'SMS' : c === 'whatsapp' ? 'WhatsApp' : capitalize(c);

const FILTERS = ['channel', 'address', 'reason', 'state'] as const;
const CHANNEL_OPTIONS = SUPPRESSION_CHANNELS.map((c) => ({ value: c, label: channelWords(c) }));
const REASON_OPTIONS = SUPPRESSION_REASONS.map((r) => ({
  value: r,
  label: capitalize(SUPPRESSION_REASON_WORDS[r]),
}));
const STATE_OPTIONS = [
  { value: 'active', label: 'Suppressed' },
  { value: 'removed', label: 'Removed' },
];

/** The list's filters and sort as the API takes them, for its pages and its export. */
function suppressionsFilters({
  sort,
  filters: { channel, address, reason, state },
}: Pick<ListQueryState<(typeof FILTERS)[number]>, 'sort' | 'filters'>) {
  return {
    ...(sortParams(sort) as Pick<SuppressionsFilter, 'sort' | 'order'>),
    channel: (channel || undefined) as SendChannel | undefined,
    address: address.trim() || undefined,
    reason: (reason || undefined) as (typeof SUPPRESSION_REASONS)[number] | undefined,
    state: (state || undefined) as 'active' | 'removed' | undefined,
  };
}

/** Issue 32: Messaging › Suppressions (/suppressions). */
export function SuppressionsPage() {
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['address'],
    sorts: SUPPRESSION_SORT_KEYS,
    query: (state) =>
      suppressionsQuery({ page: state.page, limit: state.limit, ...suppressionsFilters(state) }),
    rowsOf: (data) => ({ data: data.suppressions, pagination: data.pagination }),
    errorText: SUPPRESSION_MESSAGES.fetchFailed,
  });

  const canManage = useCan('messaging.manage');
  const [adding, setAdding] = useState(false);
  const [why, setWhy] = useState('');
  const whyId = useId();
  const removeSuppression = useRemoveSuppression();
  const remove = useConfirmDelete<Suppression>({
    run: (s) => removeSuppression.mutateAsync({ id: s.id, reason: why.trim() }),
    title: 'Remove from Suppression List',
    description: (s) =>
      `Sends will reach ${s.address} on ${channelWords(s.channel)} again. The entry stays in the list as removed, with your reason.`,
    details: () => (
      <div className="space-y-1.5 pt-2">
        <label htmlFor={whyId} className="block text-sm font-medium text-neutral-800">
          Reason <span aria-hidden="true">*</span>
        </label>
        <textarea
          id={whyId}
          rows={3}
          required
          aria-required
          maxLength={SUPPRESSION_NOTE_MAX}
          value={why}
          onChange={(e) => setWhy(e.target.value)}
          className={cn(controlClasses, 'resize-y')}
        />
      </div>
    ),
    allowed: () => why.trim().length > 0,
    confirmLabel: 'Remove',
    successText: SUPPRESSION_SUCCESS.removed,
    failureText: SUPPRESSION_MESSAGES.removeFailed,
  });
  const askRemove = (s: Suppression) => {
    setWhy('');
    remove.ask(s);
  };

  const columns: Column<Suppression>[] = [
    {
      id: 'address',
      header: 'Address',
      sortKey: 'address',
      width: 'w-[26%]',
      cell: (s) => <TruncatedText text={s.address} className="font-medium text-neutral-900" />,
      filter: (
        <FilterTextFor
          list={list}
          name="address"
          label="Filter by address"
          placeholder="Search address"
        />
      ),
    },
    {
      id: 'channel',
      header: 'Channel',
      sortKey: 'channel',
      width: 'w-32',
      cell: (s) => channelWords(s.channel),
      filter: (
        <FilterSelectFor
          list={list}
          name="channel"
          label="Filter by channel"
          options={CHANNEL_OPTIONS}
        />
      ),
    },
    {
      id: 'reason',
      header: 'Reason',
      sortKey: 'reason',
      width: 'w-[26%]',
      cell: (s) => (
        <div className="min-w-0">
          <div>{capitalize(SUPPRESSION_REASON_WORDS[s.reason])}</div>
          {s.detail && <TruncatedText text={s.detail} className="text-xs text-neutral-500" />}
        </div>
      ),
      filter: (
        <FilterSelectFor
          list={list}
          name="reason"
          label="Filter by reason"
          options={REASON_OPTIONS}
        />
      ),
    },
    {
      id: 'state',
      header: 'Status',
      sortKey: 'state',
      width: 'w-36',
      cell: (s) =>
        s.active ? (
          <Badge tone="red">Suppressed</Badge>
        ) : (
          <span title={s.removal_reason ?? undefined}>
            <Badge tone="gray">Removed</Badge>
          </span>
        ),
      filter: (
        <FilterSelectFor
          list={list}
          name="state"
          label="Filter by status"
          options={STATE_OPTIONS}
        />
      ),
    },
    {
      id: 'created_at',
      header: 'Since',
      sortKey: 'created_at',
      width: 'w-44',
      cell: (s) => formatDateTime(s.created_at),
    },
    actionsColumn<Suppression>({
      name: (s) => s.address,
      remove: canManage && askRemove,
      removeVerb: 'Remove',
      canRemove: (s) => s.active,
    }),
  ];

  return (
    <>
      <PageHeader
        title="Suppressions"
        description="Addresses no send reaches: hard bounces, repeated soft bounces, complaints, undeliverable WhatsApp numbers and those added here."
        actions={
          <>
            <ListExportButton
              list="messaging/suppressions"
              fileName="suppressions"
              query={suppressionsFilters(list)}
            />
            {canManage && (
              <Button onClick={() => setAdding(true)}>
                <Plus className="size-4" aria-hidden="true" />
                Suppress Address
              </Button>
            )}
          </>
        }
      />
      <Card flush>
        <ListTable
          list={list}
          label="Suppressed addresses"
          columns={columns}
          rowKey={(s) => s.id}
          emptyText={SUPPRESSION_MESSAGES.empty}
        />
      </Card>
      <AddSuppressionPanel open={adding} onOpenChange={setAdding} />
      {remove.dialog}
    </>
  );
}

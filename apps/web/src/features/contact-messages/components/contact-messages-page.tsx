import {
  CONTACT_MESSAGES,
  CONTACT_STATUSES,
  CONTACT_SUCCESS,
  type ContactMessage,
  type ContactStatus,
  CONTACT_MESSAGE_SORT_KEYS,
} from '@cricket/contracts';

import { useConfirmDelete } from '@/components/confirm-dialog';
import { TruncatedText, actionsColumn, type Column } from '@/components/data-table';
import { FilterSelectFor, FilterTextFor } from '@/components/filter-controls';
import { ListExportButton } from '@/components/list-export-button';
import { ListTable, sortParams, useListPage, type ListQueryState } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { usePanelState } from '@/components/use-panel-state';
import { lazyPanel } from '@/components/lazy-panel';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { statusLabel } from '@/lib/format';
import { useCan } from '@/lib/session';
import { useErrorToast } from '@/lib/use-error-toast';
import { useDeleteContactMessage } from '../api/delete-contact-message';
import { useContactThread } from '../api/get-contact-message';
import { contactMessagesQuery } from '../api/get-contact-messages';
import { contactKeys } from '../api/keys';
import { ContactStatusBadge } from './contact-badges';
import { MessageViewPanel } from './message-view-panel';

const ReplyPanel = lazyPanel(
  () => import('./reply-panel').then((m) => m.ReplyPanel),
  (p) => p.open,
);

const FILTERS = ['name', 'email', 'subject', 'status'] as const;
const STATUS_OPTIONS = CONTACT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));
const isStatus = (v: string): v is ContactStatus =>
  (CONTACT_STATUSES as readonly string[]).includes(v);

/** The list's filters and sort as the API takes them, for its pages, its export and its bulk actions. */
function messagesFilters({
  sort,
  filters: { name, email, subject, status },
}: Pick<ListQueryState<(typeof FILTERS)[number]>, 'sort' | 'filters'>) {
  return {
    ...sortParams(sort),
    name: name.trim() || undefined,
    email: email.trim() || undefined,
    subject: subject.trim() || undefined,
    status: isStatus(status) ? status : undefined,
  };
}

/** With the list, the unread count beside it. */
const BULK_REFRESH = [contactKeys.all];

/** Spec §2 "Contact Messages" (/support): messages from the website, read and answered here. */
export function ContactMessagesPage() {
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['name', 'email', 'subject'],
    checks: { status: isStatus },
    sorts: CONTACT_MESSAGE_SORT_KEYS,
    query: (state) =>
      contactMessagesQuery({ page: state.page, limit: state.limit, ...messagesFilters(state) }),
    errorText: CONTACT_MESSAGES.fetchFailed,
  });
  const counts = list.query.data?.counts;

  const canDelete = useCan('contact_messages.delete');
  // The record is the message's id; replying keeps the thread open under the reply panel.
  const panel = usePanelState<'view' | 'reply', number>();
  const openId = panel.openRecord;
  const thread = useContactThread(openId);
  useErrorToast(thread.error, CONTACT_MESSAGES.fetchFailed);

  const deleteMessage = useDeleteContactMessage();
  const remove = useConfirmDelete<Pick<ContactMessage, 'id' | 'name'>>({
    run: async (m) => {
      await deleteMessage.mutateAsync(m.id);
      if (openId === m.id) panel.close();
    },
    title: 'Delete Message',
    description: () =>
      'Are you sure you want to delete this message? This action cannot be undone.',
    successText: (m) => CONTACT_SUCCESS.deleted(m.name),
    failureText: CONTACT_MESSAGES.deleteFailed,
  });

  const open = (m: ContactMessage) => panel.open('view', m.id);

  const columns: Column<ContactMessage>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      width: 'w-[20%]',
      cell: (m) => (
        <span className="flex min-w-0 items-center gap-2">
          {m.status === 'unread' && (
            <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-info-600" />
          )}
          <TruncatedText text={m.name} className="min-w-0" />
        </span>
      ),
      filter: (
        <FilterTextFor list={list} name="name" label="Filter by name" placeholder="Search name" />
      ),
    },
    {
      id: 'email',
      header: 'Email',
      sortKey: 'email',
      width: 'w-[24%]',
      cell: (m) => <TruncatedText text={m.email} />,
      filter: (
        <FilterTextFor
          list={list}
          name="email"
          label="Filter by email"
          placeholder="Search email"
        />
      ),
    },
    {
      id: 'subject',
      header: 'Subject',
      sortKey: 'subject',
      width: 'w-[30%]',
      cell: (m) => <TruncatedText text={m.subject} />,
      filter: (
        <FilterTextFor
          list={list}
          name="subject"
          label="Filter by subject"
          placeholder="Search subject"
        />
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      width: 'w-32',
      cell: (m) => <ContactStatusBadge status={m.status} />,
      filter: (
        <FilterSelectFor
          list={list}
          name="status"
          label="Filter by status"
          options={STATUS_OPTIONS}
        />
      ),
    },
    actionsColumn<ContactMessage>({
      name: (m) => `message from ${m.name}`,
      view: open,
      remove: canDelete && remove.ask,
    }),
  ];

  const message = thread.data?.message;
  return (
    <>
      <PageHeader
        title="Contact Messages"
        actions={<ListExportButton list="contact-messages" query={messagesFilters(list)} />}
        description={
          <span className="flex flex-wrap gap-4" aria-live="polite">
            <span>
              Total: <strong className="text-neutral-900">{counts?.total ?? '–'}</strong>
            </span>
            <span>
              Unread: <strong className="text-info-700">{counts?.unread ?? '–'}</strong>
            </span>
          </span>
        }
      />
      <Card flush>
        <ListTable
          list={list}
          label="Contact messages"
          columns={columns}
          rowKey={(m) => m.id}
          emptyText={CONTACT_MESSAGES.empty}
          onRowClick={open}
          rowLabel={(m) => `Open message from ${m.name}${m.status === 'unread' ? ' (unread)' : ''}`}
          rowClassName={(m) =>
            cn(m.status === 'unread' && 'bg-info-50/60 font-semibold text-neutral-900')
          }
          bulk={{
            list: 'contact-messages',
            actions: [canDelete && 'delete'],
            query: messagesFilters(list),
            name: (m) => m.subject || m.name,
            refresh: BULK_REFRESH,
          }}
        />
      </Card>

      {/* Stays open under the reply panel: closing the reply returns to the thread and its
          Reply button, and closing the thread to the row that opened it. */}
      {openId !== null && (
        <MessageViewPanel
          thread={thread.data}
          loading={thread.isPending}
          onClose={panel.close}
          onReply={() => panel.open('reply', openId)}
          onDelete={() => message && remove.ask(message)}
        />
      )}
      {openId !== null && message && (
        <ReplyPanel
          message={message}
          open={panel.isOpen('reply')}
          onOpenChange={(next) => panel.open(next ? 'reply' : 'view', openId)}
        />
      )}
      {remove.dialog}
    </>
  );
}

import {
  MESSAGING_TOPIC_MESSAGES,
  MESSAGING_TOPIC_SORT_KEYS,
  MESSAGING_TOPIC_SUCCESS,
  type MessagingTopic,
} from '@cricket/contracts';
import { Plus } from 'lucide-react';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { TruncatedText, actionsColumn, type Column } from '@/components/data-table';
import { FilterSelectFor, FilterTextFor } from '@/components/filter-controls';
import { lazyPanel } from '@/components/lazy-panel';
import { ListExportButton } from '@/components/list-export-button';
import { ListTable, sortParams, useListPage, type ListQueryState } from '@/components/list-page';
import { usePanelState } from '@/components/use-panel-state';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCan } from '@/lib/session';
import { messagingTopicKeys } from '../api/keys';
import { topicsQuery, useDeleteTopic } from '../api/topics';
import { QuietHoursSection } from './quiet-hours-section';

const TopicFormPanel = lazyPanel(
  () => import('./topic-form-panel').then((m) => m.TopicFormPanel),
  (p) => p.open,
);

const FILTERS = ['name', 'active'] as const;
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** The list's filters and sort as the API takes them, for its pages and its export. */
function topicsFilters({
  sort,
  filters: { name, active },
}: Pick<ListQueryState<(typeof FILTERS)[number]>, 'sort' | 'filters'>) {
  return { ...sortParams(sort), name: name.trim() || undefined, active: active || undefined };
}

/** A bulk job's end refreshes the topics (the templates' topic menus read the same keys). */
const BULK_REFRESH = [messagingTopicKeys.all];

/**
 * Settings › Messaging topics (issue 32): what a template's messages are about, and under them
 * the organisation's quiet hours.
 */
export function TopicsPage() {
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['name'],
    sorts: MESSAGING_TOPIC_SORT_KEYS,
    query: (state) =>
      topicsQuery({ page: state.page, limit: state.limit, ...topicsFilters(state) }),
    errorText: MESSAGING_TOPIC_MESSAGES.fetchFailed,
  });
  const canManage = useCan('messaging.manage');
  const panel = usePanelState<'create' | 'edit', MessagingTopic>();
  const deleteTopic = useDeleteTopic();
  const remove = useConfirmDelete<MessagingTopic>({
    run: (topic, ifMatch) => deleteTopic.mutateAsync({ id: topic.id, ifMatch }),
    version: (topic) => topic.updated_at,
    title: 'Delete Topic',
    description: (topic) =>
      `Are you sure you want to delete ${topic.name}? This action cannot be undone.`,
    successText: MESSAGING_TOPIC_SUCCESS.deleted,
    failureText: MESSAGING_TOPIC_MESSAGES.deleteFailed,
  });

  const columns: Column<MessagingTopic>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      width: 'w-[24%]',
      cell: (t) => <TruncatedText text={t.name} className="font-medium text-neutral-900" />,
      filter: (
        <FilterTextFor list={list} name="name" label="Filter by name" placeholder="Search name" />
      ),
    },
    {
      id: 'description',
      header: 'Description',
      width: 'w-[32%]',
      cell: (t) => <TruncatedText text={t.description ?? '—'} />,
    },
    {
      id: 'default',
      header: 'New users',
      sortKey: 'default_subscribed',
      width: 'w-32',
      cell: (t) => (t.default_subscribed ? 'On' : 'Off'),
    },
    {
      id: 'templates',
      header: 'Templates',
      sortKey: 'template_count',
      width: 'w-28',
      cell: (t) => t.template_count,
    },
    {
      id: 'active',
      header: 'Status',
      sortKey: 'active',
      width: 'w-36',
      cell: (t) => (
        <Badge tone={t.active ? 'green' : 'gray'}>{t.active ? 'Active' : 'Inactive'}</Badge>
      ),
      filter: (
        <FilterSelectFor
          list={list}
          name="active"
          label="Filter by status"
          options={ACTIVE_OPTIONS}
        />
      ),
    },
    actionsColumn<MessagingTopic>({
      name: (t) => t.name,
      edit: canManage && ((topic) => panel.open('edit', topic)),
      remove: canManage && remove.ask,
    }),
  ];

  return (
    <>
      <PageHeader
        title="Messaging topics"
        actions={
          <>
            <ListExportButton
              list="messaging/topics"
              fileName="topics"
              query={topicsFilters(list)}
            />
            {canManage && (
              <Button onClick={() => panel.open('create')}>
                <Plus className="size-4" aria-hidden="true" />
                Create Topic
              </Button>
            )}
          </>
        }
      />
      <Card flush>
        <ListTable
          list={list}
          label="Messaging topics"
          columns={columns}
          rowKey={(t) => t.id}
          emptyText={MESSAGING_TOPIC_MESSAGES.empty}
          bulk={{
            list: 'messaging-topics',
            actions: [canManage && 'delete'],
            query: topicsFilters(list),
            name: (t) => t.name,
            refresh: BULK_REFRESH,
          }}
        />
      </Card>
      <QuietHoursSection />
      <TopicFormPanel
        open={panel.isOpen('create', 'edit')}
        topic={panel.recordFor('create', 'edit')}
        onOpenChange={panel.onOpenChange}
      />
      {remove.dialog}
    </>
  );
}

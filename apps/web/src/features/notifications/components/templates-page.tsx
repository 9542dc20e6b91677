import {
  NOTIFICATION_ERRORS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SUCCESS,
  type NotificationTemplate,
  type NotificationType,
  NOTIFICATION_TEMPLATE_SORT_KEYS,
  NOTIFICATION_TEMPLATE_STATUSES,
} from '@cricket/contracts';
import { Plus, Send } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { TruncatedText, actionsColumn, type Column } from '@/components/data-table';
import { FilterSelectFor, FilterTextFor } from '@/components/filter-controls';
import { lazyPanel } from '@/components/lazy-panel';
import { ListExportButton } from '@/components/list-export-button';
import { ListTable, sortParams, useListPage, type ListQueryState } from '@/components/list-page';
import { usePanelState } from '@/components/use-panel-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCan } from '@/lib/session';
import { notificationKeys } from '../api/keys';
import { templatesQuery, useDeleteTemplate } from '../api/templates';
import { NotificationTypeBadge, TemplateStatusBadge } from './badges';

const TemplateFormPanel = lazyPanel(
  () => import('./template-form-panel').then((m) => m.TemplateFormPanel),
  (p) => p.open,
);

const FILTERS = ['name', 'subject', 'type', 'status'] as const;
const TYPE_OPTIONS = [
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
  { value: 'push', label: 'Push' },
];
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'draft', label: 'Draft' },
];

/** The list's filters and sort as the API takes them, for its pages, its export and its bulk actions. */
function templatesFilters({
  sort,
  filters,
}: Pick<ListQueryState<(typeof FILTERS)[number]>, 'sort' | 'filters'>) {
  return {
    ...sortParams(sort),
    name: filters.name.trim() || undefined,
    subject: filters.subject.trim() || undefined,
    type: filters.type || undefined,
    status: filters.status || undefined,
  };
}

const BULK_REFRESH = [notificationKeys.all];

/** Spec §2 "Notification Templates" (/notification-templates). */
export function TemplatesPage() {
  const navigate = useNavigate();
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['name', 'subject'],
    sorts: NOTIFICATION_TEMPLATE_SORT_KEYS,
    query: (state) =>
      templatesQuery({ page: state.page, limit: state.limit, ...templatesFilters(state) }),
    errorText: NOTIFICATION_ERRORS.fetchTemplates,
  });
  const canCreate = useCan('notification_templates.create');
  const canUpdate = useCan('notification_templates.update');
  const canDelete = useCan('notification_templates.delete');
  const canSend = useCan('notifications.send');
  const panel = usePanelState<'create' | 'edit', NotificationTemplate>();
  const deleteTemplate = useDeleteTemplate();
  const remove = useConfirmDelete<NotificationTemplate>({
    run: (template, ifMatch) => deleteTemplate.mutateAsync({ id: template.id, ifMatch }),
    version: (template) => template.updated_at,
    title: 'Delete Template',
    description: () =>
      'Are you sure you want to delete this template? This action cannot be undone.',
    successText: (template) => NOTIFICATION_SUCCESS.templateDeleted(template.name),
    failureText: NOTIFICATION_ERRORS.deleteTemplate,
  });

  const columns: Column<NotificationTemplate>[] = [
    {
      id: 'name',
      header: 'Template Name',
      sortKey: 'name',
      width: 'w-[28%]',
      cell: (t) => <TruncatedText text={t.name} className="font-medium text-neutral-900" />,
      filter: (
        <FilterTextFor
          list={list}
          name="name"
          label="Filter by template name"
          placeholder="Search name"
        />
      ),
    },
    {
      id: 'subject',
      header: 'Subject',
      sortKey: 'subject',
      width: 'w-[30%]',
      cell: (t) =>
        t.subject ? (
          <TruncatedText text={t.subject} />
        ) : (
          <span className="text-neutral-400">—</span>
        ),
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
      id: 'type',
      header: 'Type',
      sortKey: 'type',
      width: 'w-36',
      cell: (t) => <NotificationTypeBadge type={t.type as NotificationType} />,
      filter: (
        <FilterSelectFor list={list} name="type" label="Filter by type" options={TYPE_OPTIONS} />
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      width: 'w-36',
      cell: (t) => <TemplateStatusBadge status={t.status} />,
      filter: (
        <FilterSelectFor
          list={list}
          name="status"
          label="Filter by status"
          options={STATUS_OPTIONS}
        />
      ),
    },
    actionsColumn<NotificationTemplate>({
      name: (t) => t.name,
      more: canSend
        ? [
            {
              icon: Send,
              verb: 'Send',
              onClick: (t) => navigate(`/send-notification?template_id=${t.id}`),
            },
          ]
        : [],
      edit: canUpdate && ((t) => panel.open('edit', t)),
      remove: canDelete && remove.ask,
    }),
  ];

  return (
    <>
      <PageHeader
        title="Notification Templates"
        actions={
          <>
            <ListExportButton
              list="notifications/templates"
              fileName="notification-templates"
              query={templatesFilters(list)}
            />
            {canCreate && (
              <Button onClick={() => panel.open('create')}>
                <Plus className="size-4" aria-hidden="true" />
                Add Template
              </Button>
            )}
          </>
        }
      />
      <Card flush>
        <ListTable
          list={list}
          label="Notification templates"
          columns={columns}
          rowKey={(t) => t.id}
          emptyText={NOTIFICATION_MESSAGES.templatesEmpty}
          bulk={{
            list: 'notification-templates',
            actions: [canDelete && 'delete', canUpdate && 'set_status'],
            statuses: NOTIFICATION_TEMPLATE_STATUSES,
            query: templatesFilters(list),
            name: (t) => t.name,
            refresh: BULK_REFRESH,
          }}
        />
      </Card>
      <TemplateFormPanel
        open={panel.isOpen('create', 'edit')}
        template={panel.record}
        onOpenChange={panel.onOpenChange}
      />
      {remove.dialog}
    </>
  );
}

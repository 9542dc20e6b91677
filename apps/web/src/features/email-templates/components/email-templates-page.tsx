import {
  EMAIL_TEMPLATE_MESSAGES,
  EMAIL_TEMPLATE_STATUSES,
  EMAIL_TEMPLATE_SUCCESS,
  type EmailTemplateStatus,
  type EmailTemplateSummary,
  EMAIL_TEMPLATE_SORT_KEYS,
} from '@cricket/contracts';
import { Plus } from 'lucide-react';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { TruncatedText, actionsColumn, type Column } from '@/components/data-table';
import { FilterSelectFor, FilterTextFor } from '@/components/filter-controls';
import { ListExportButton } from '@/components/list-export-button';
import { ListTable, sortParams, useListPage, type ListQueryState } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { usePanelState } from '@/components/use-panel-state';
import { lazyPanel } from '@/components/lazy-panel';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/session';
import { useErrorToast } from '@/lib/use-error-toast';
import { useDeleteEmailTemplate } from '../api/delete-email-template';
import { useEmailTemplate } from '../api/get-email-template';
import { emailTemplatesQuery } from '../api/get-email-templates';
import { emailTemplateKeys } from '../api/keys';
import { EmailTemplateStatusBadge } from './email-template-badges';
import { EmailTemplateViewPanel } from './email-template-view-panel';

const EmailTemplateFormPanel = lazyPanel(
  () => import('./email-template-form-panel').then((m) => m.EmailTemplateFormPanel),
  (p) => p.open,
);

const FILTERS = ['name', 'subject', 'status'] as const;
/** Spec §2 lists the filter's statuses in this order. */
const STATUS_OPTIONS = (['active', 'draft', 'inactive', 'archived'] as const).map((s) => ({
  value: s,
  label: s,
}));
const isStatus = (v: string): v is EmailTemplateStatus =>
  (EMAIL_TEMPLATE_STATUSES as readonly string[]).includes(v);

/** The list's filters and sort as the API takes them, for its pages and its export. */
function templatesFilters({
  sort,
  filters: { name, subject, status },
}: Pick<ListQueryState<(typeof FILTERS)[number]>, 'sort' | 'filters'>) {
  return {
    ...sortParams(sort),
    name: name.trim() || undefined,
    subject: subject.trim() || undefined,
    status: isStatus(status) ? status : undefined,
  };
}

const BULK_REFRESH = [emailTemplateKeys.all];

/**
 * Spec §2 "Email Templates list" (/email-templates). A template opens at /email-templates/{id}
 * and is edited at /email-templates/{id}/edit, so both can be linked to and survive a reload.
 */
export function EmailTemplatesPage() {
  // View and edit live in the path (spec §2 routes); the list's filters and page stay in the query.
  const panel = usePanelState<'create' | 'view' | 'edit'>({
    routes: { view: '/email-templates/:id', edit: '/email-templates/:id/edit' },
    closedPath: '/email-templates',
  });
  const editing = panel.isOpen('edit');
  // Creating opens no record, so this is the template a view or edit panel shows.
  const openId = panel.openRecord;

  const list = useListPage({
    filters: FILTERS,
    textFilters: ['name', 'subject'],
    checks: { status: isStatus },
    sorts: EMAIL_TEMPLATE_SORT_KEYS,
    query: (state) =>
      emailTemplatesQuery({ page: state.page, limit: state.limit, ...templatesFilters(state) }),
    errorText: EMAIL_TEMPLATE_MESSAGES.fetchFailed,
  });
  const opened = useEmailTemplate(openId);
  useErrorToast(opened.error, EMAIL_TEMPLATE_MESSAGES.fetchFailed);

  const canCreate = useCan('email_templates.create');
  const canUpdate = useCan('email_templates.update');
  const canDelete = useCan('email_templates.delete');
  const view = (t: { id: number }) => panel.open('view', t.id);
  const edit = (t: { id: number }) => panel.open('edit', t.id);

  const deleteTemplate = useDeleteEmailTemplate();
  const remove = useConfirmDelete<EmailTemplateSummary>({
    run: async (t, ifMatch) => {
      await deleteTemplate.mutateAsync({ id: t.id, ifMatch });
      if (openId === t.id) panel.close();
    },
    version: (t) => t.last_modified,
    title: 'Delete Template',
    description: () =>
      'Are you sure you want to delete this template? This action cannot be undone.',
    successText: (t) => EMAIL_TEMPLATE_SUCCESS.deleted(t.name),
    failureText: EMAIL_TEMPLATE_MESSAGES.deleteFailed,
  });

  const columns: Column<EmailTemplateSummary>[] = [
    {
      id: 'name',
      header: 'Template Name',
      sortKey: 'name',
      width: 'w-[26%]',
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
      cell: (t) => <TruncatedText text={t.subject} />,
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
      width: 'w-36',
      cell: (t) => <EmailTemplateStatusBadge status={t.status} />,
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
      id: 'created',
      header: 'Created At',
      sortKey: 'created_at',
      width: 'w-48',
      cell: (t) => formatDateTime(t.created_at),
    },
    actionsColumn<EmailTemplateSummary>({
      name: (t) => t.name,
      view,
      edit: canUpdate && edit,
      remove: canDelete && remove.ask,
    }),
  ];

  return (
    <>
      <PageHeader
        title="Email Templates"
        actions={
          <>
            <ListExportButton list="email-templates" query={templatesFilters(list)} />
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
          label="Email templates"
          columns={columns}
          rowKey={(t) => t.id}
          emptyText={EMAIL_TEMPLATE_MESSAGES.empty}
          onRowClick={view}
          rowLabel={(t) => `Open ${t.name}`}
          bulk={{
            list: 'email-templates',
            actions: [canDelete && 'delete', canUpdate && 'set_status'],
            statuses: EMAIL_TEMPLATE_STATUSES,
            query: templatesFilters(list),
            name: (t) => t.name,
            refresh: BULK_REFRESH,
          }}
        />
      </Card>

      <EmailTemplateFormPanel
        open={panel.isOpen('create')}
        template={null}
        onOpenChange={panel.onOpenChange}
      />
      {openId !== null && canUpdate && (
        <EmailTemplateFormPanel
          open={editing}
          ready={opened.data !== undefined}
          template={opened.data ?? null}
          onOpenChange={panel.onOpenChange}
        />
      )}
      {openId !== null && !editing && (
        <EmailTemplateViewPanel
          template={opened.data}
          loading={opened.isPending}
          onClose={panel.close}
          onEdit={() => edit({ id: openId })}
        />
      )}
      {remove.dialog}
    </>
  );
}

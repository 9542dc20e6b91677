import {
  WA_SEND_TEXTS,
  WA_TEMPLATE_MESSAGES,
  WA_TEMPLATE_STATUSES,
  WA_TEMPLATE_SUCCESS,
  WA_TEMPLATE_TYPES,
  WA_WHATSAPP_TEXTS,
  type WaSyncResult,
  type WaTemplate,
  WA_TEMPLATE_SORT_KEYS,
  WA_MANUAL_STATUSES,
} from '@cricket/contracts';
import { Plus, RefreshCw, Send } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
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
import { capitalize, statusLabel } from '@/lib/format';
import { recordPathHref, whatsappSendHref } from '@/lib/record-route';
import { errorMessage } from '@/lib/http';
import { useCan } from '@/lib/session';
import { useSingleFlight } from '@/lib/use-single-flight';
import {
  templatesQuery,
  useDeleteTemplate,
  useSyncTemplates,
  useWhatsAppConnection,
} from '../api/templates';
import { waTemplateKeys } from '../api/keys';
import { SyncResult } from './sync-result';
import { MetaCategoryBadge, QualityBadge, TemplateStatusBadge } from './template-status-badge';
import { TemplateViewPanel } from './template-view-panel';

const TemplateFormPanel = lazyPanel(
  () => import('./template-form-panel').then((m) => m.TemplateFormPanel),
  (p) => p.open,
);

/** Spec §2: a row opens the template's own page (routes.tsx). */
const TEMPLATE_PAGE = '/wa/templates/view/:id';

const FILTERS = ['name', 'type', 'status'] as const;
const TYPE_OPTIONS = WA_TEMPLATE_TYPES.map((value) => ({ value, label: capitalize(value) }));
const STATUS_OPTIONS = WA_TEMPLATE_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

/** The list's filters and sort as the API takes them, for its pages, its export and its bulk actions. */
function templatesFilters({
  sort,
  filters: { name, type, status },
}: Pick<ListQueryState<(typeof FILTERS)[number]>, 'sort' | 'filters'>) {
  return {
    ...sortParams(sort),
    search: name.trim() || undefined,
    type: type || undefined,
    status: status || undefined,
  };
}

const BULK_REFRESH = [waTemplateKeys.all];

/** Spec §2 "WhatsApp Templates" (/wa-templates). */
export function TemplatesPage() {
  const navigate = useNavigate();
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['name'],
    sorts: WA_TEMPLATE_SORT_KEYS,
    query: (state) =>
      templatesQuery({ page: state.page, limit: state.limit, ...templatesFilters(state) }),
    rowsOf: (data) => ({ data: data.templates, pagination: data.pagination }),
    errorText: WA_TEMPLATE_MESSAGES.fetchFailed,
  });

  const canCreate = useCan('wa_templates.create');
  const canUpdate = useCan('wa_templates.update');
  const canDelete = useCan('wa_templates.delete');
  const canSend = useCan('notifications.send');
  const panel = usePanelState<'create' | 'edit' | 'view', WaTemplate>();
  const deleteTemplate = useDeleteTemplate();
  const remove = useConfirmDelete<WaTemplate>({
    run: (template, ifMatch) => deleteTemplate.mutateAsync({ id: template._id, ifMatch }),
    version: (template) => template.updated_at,
    title: 'Delete Template',
    description: () =>
      'Are you sure you want to delete this template? This action cannot be undone.',
    successText: WA_TEMPLATE_SUCCESS.deleted,
    failureText: WA_TEMPLATE_MESSAGES.deleteFailed,
  });

  const connection = useWhatsAppConnection();
  const sync = useSyncTemplates();
  const syncFlight = useSingleFlight();
  const [synced, setSynced] = useState<WaSyncResult | null>(null);
  const runSync = (click: { detail: number }) =>
    void syncFlight.run(async () => {
      try {
        const { message, result } = await sync.mutateAsync();
        toast.success(message);
        setSynced(result);
      } catch (error) {
        toast.error(errorMessage(error, WA_TEMPLATE_MESSAGES.syncFailed));
      }
    }, click);

  const openTemplate = (template: WaTemplate) =>
    navigate(recordPathHref(TEMPLATE_PAGE, template._id));

  const columns: Column<WaTemplate>[] = [
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
      id: 'category',
      header: 'Category',
      sortKey: 'category',
      width: 'w-[20%]',
      cell: (t) => (
        <span className="flex min-w-0 items-center gap-1.5">
          {t.category.icon && <span aria-hidden="true">{t.category.icon}</span>}
          <TruncatedText text={t.category.name} className="min-w-0" />
        </span>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      sortKey: 'type',
      width: 'w-36',
      cell: (t) => capitalize(t.type),
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
    {
      id: 'whatsapp',
      header: 'WhatsApp',
      width: 'w-44',
      cell: (t) => (
        <span className="flex flex-wrap gap-1">
          <MetaCategoryBadge category={t.whatsapp_category} />
          <QualityBadge rating={t.quality_rating} />
        </span>
      ),
    },
    {
      id: 'usage',
      header: 'Usage Count',
      sortKey: 'usage_count',
      width: 'w-28',
      cell: (t) => t.usage_count,
    },
    actionsColumn<WaTemplate>({
      name: (t) => t.name,
      view: (t) => panel.open('view', t),
      // Only a template Meta has approved can be sent (issue 31).
      more: canSend
        ? [
            {
              icon: Send,
              verb: WA_SEND_TEXTS.action,
              onClick: (t) => void navigate(whatsappSendHref(t._id)),
              // Only an approved template can go out, and only while WhatsApp is connected.
              when: (t) => t.status === 'approved' && connection.data?.connected === true,
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
        title="WhatsApp Templates"
        actions={
          <>
            <ListExportButton
              list="wa/templates"
              fileName="wa-templates"
              query={templatesFilters(list)}
            />
            {canUpdate && connection.data?.connected && (
              <Button
                variant="secondary"
                onClick={runSync}
                busy={syncFlight.busy}
                busyText={WA_WHATSAPP_TEXTS.syncing}
              >
                <RefreshCw className="size-4" aria-hidden="true" />
                {WA_WHATSAPP_TEXTS.sync}
              </Button>
            )}
            {canCreate && (
              <Button onClick={() => panel.open('create')}>
                <Plus className="size-4" aria-hidden="true" />
                Create Template
              </Button>
            )}
          </>
        }
      />
      {synced && <SyncResult result={synced} onClose={() => setSynced(null)} />}
      <Card flush>
        <ListTable
          list={list}
          label="WhatsApp templates"
          columns={columns}
          rowKey={(t) => t._id}
          emptyText={WA_TEMPLATE_MESSAGES.empty}
          onRowClick={openTemplate}
          rowLabel={(t) => `Open ${t.name}`}
          bulk={{
            list: 'wa-templates',
            actions: [canDelete && 'delete', canUpdate && 'set_status'],
            statuses: WA_MANUAL_STATUSES,
            query: templatesFilters(list),
            name: (t) => t.name,
            refresh: BULK_REFRESH,
          }}
        />
      </Card>
      <TemplateFormPanel
        open={panel.isOpen('create', 'edit')}
        template={panel.recordFor('create', 'edit')}
        onOpenChange={panel.onOpenChange}
      />
      <TemplateViewPanel
        open={panel.isOpen('view')}
        template={panel.recordFor('view')}
        onClose={panel.close}
      />
      {remove.dialog}
    </>
  );
}

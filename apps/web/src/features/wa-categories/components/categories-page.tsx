import type { WaCategory } from '@cricket/contracts';
import { Plus } from 'lucide-react';
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
import { categoriesQuery, useDeleteCategory } from '../api/categories';
import { waCategoryKeys, waTemplateKeys } from '@/lib/query-keys';
import { CategoryStatusBadge } from './category-status-badge';
import { CategoryViewPanel } from './category-view-panel';
import {
  WA_CATEGORY_MESSAGES,
  WA_CATEGORY_SUCCESS,
  WA_CATEGORY_SORT_KEYS,
  WA_CATEGORY_STATUSES,
} from '@cricket/contracts';

const CategoryFormPanel = lazyPanel(
  () => import('./category-form-panel').then((m) => m.CategoryFormPanel),
  (p) => p.open,
);

const FILTERS = ['name', 'slug', 'status'] as const;
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/**
 * The list's filters and sort as the API takes them, for its pages, its export and its bulk
 * actions. The
 * API searches name and slug together: every word of both filters must match one.
 */
function categoriesFilters({
  sort,
  filters: { name, slug, status },
}: Pick<ListQueryState<(typeof FILTERS)[number]>, 'sort' | 'filters'>) {
  return {
    ...sortParams(sort),
    search: [name.trim(), slug.trim()].filter(Boolean).join(' ') || undefined,
    status: status || undefined,
  };
}

/** The templates show their category's name and status. */
const BULK_REFRESH = [waCategoryKeys.all, waTemplateKeys.all];

/** Spec §2 "Template Categories" (/wa-template-categories). */
export function CategoriesPage() {
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['name', 'slug'],
    sorts: WA_CATEGORY_SORT_KEYS,
    query: (state) =>
      categoriesQuery({ page: state.page, limit: state.limit, ...categoriesFilters(state) }),
    rowsOf: (data) => ({ data: data.categories, pagination: data.pagination }),
    errorText: WA_CATEGORY_MESSAGES.fetchFailed,
  });

  const canCreate = useCan('wa_template_categories.create');
  const canUpdate = useCan('wa_template_categories.update');
  const canDelete = useCan('wa_template_categories.delete');
  const panel = usePanelState<'create' | 'edit' | 'view', WaCategory>();
  const view = (category: WaCategory) => panel.open('view', category);
  const deleteCategory = useDeleteCategory();
  const remove = useConfirmDelete<WaCategory>({
    run: (category, ifMatch) => deleteCategory.mutateAsync({ id: category._id, ifMatch }),
    version: (category) => category.updated_at,
    title: 'Delete Category',
    description: () =>
      'Are you sure you want to delete this category? This action cannot be undone.',
    successText: WA_CATEGORY_SUCCESS.deleted,
    failureText: WA_CATEGORY_MESSAGES.deleteFailed,
  });

  const columns: Column<WaCategory>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      width: 'w-[28%]',
      cell: (c) => <TruncatedText text={c.name} className="font-medium text-neutral-900" />,
      filter: (
        <FilterTextFor list={list} name="name" label="Filter by name" placeholder="Search name" />
      ),
    },
    {
      id: 'slug',
      header: 'Slug',
      sortKey: 'slug',
      width: 'w-[24%]',
      cell: (c) => <TruncatedText text={c.slug} className="font-mono text-xs" />,
      filter: (
        <FilterTextFor list={list} name="slug" label="Filter by slug" placeholder="Search slug" />
      ),
    },
    {
      id: 'icon',
      header: 'Icon',
      width: 'w-20',
      cell: (c) => (c.icon ? <span className="text-lg">{c.icon}</span> : '—'),
    },
    { id: 'order', header: 'Order', sortKey: 'order', width: 'w-20', cell: (c) => c.order },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      width: 'w-40',
      cell: (c) => <CategoryStatusBadge status={c.status} />,
      filter: (
        <FilterSelectFor
          list={list}
          name="status"
          label="Filter by status"
          options={STATUS_OPTIONS}
        />
      ),
    },
    actionsColumn<WaCategory>({
      name: (c) => c.name,
      view,
      edit: canUpdate && ((category) => panel.open('edit', category)),
      remove: canDelete && remove.ask,
    }),
  ];

  return (
    <>
      <PageHeader
        title="Template Categories"
        actions={
          <>
            <ListExportButton
              list="wa/template-categories"
              fileName="wa-categories"
              query={categoriesFilters(list)}
            />
            {canCreate && (
              <Button onClick={() => panel.open('create')}>
                <Plus className="size-4" aria-hidden="true" />
                Create Category
              </Button>
            )}
          </>
        }
      />
      <Card flush>
        <ListTable
          list={list}
          label="Template categories"
          columns={columns}
          rowKey={(c) => c._id}
          emptyText={WA_CATEGORY_MESSAGES.empty}
          onRowClick={view}
          rowLabel={(c) => `View ${c.name}`}
          bulk={{
            list: 'wa-categories',
            actions: [canDelete && 'delete', canUpdate && 'set_status'],
            statuses: WA_CATEGORY_STATUSES,
            query: categoriesFilters(list),
            name: (c) => c.name,
            refresh: BULK_REFRESH,
          }}
        />
      </Card>
      <CategoryFormPanel
        open={panel.isOpen('create', 'edit')}
        category={panel.recordFor('create', 'edit')}
        onOpenChange={panel.onOpenChange}
      />
      <CategoryViewPanel
        open={panel.isOpen('view')}
        category={panel.recordFor('view')}
        onClose={panel.close}
      />
      {remove.dialog}
    </>
  );
}

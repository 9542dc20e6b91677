import type { WaCategory } from '@cricket/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { TruncatedText, actionsColumn, type Column } from '@/components/data-table';
import { FilterSelect, FilterText } from '@/components/filter-controls';
import { lazyPanel } from '@/components/lazy-panel';
import { ListTable, useListPage } from '@/components/list-page';
import { useEditPanel } from '@/components/use-edit-panel';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCan } from '@/lib/session';
import { categoriesQuery, useDeleteCategory } from '../api/categories';
import { CategoryStatusBadge } from './category-status-badge';
import { CategoryViewPanel } from './category-view-panel';
import { WA_CATEGORY_MESSAGES, WA_CATEGORY_SUCCESS } from '@cricket/contracts';

const CategoryFormPanel = lazyPanel(
  () => import('./category-form-panel').then((m) => m.CategoryFormPanel),
  (p) => p.open,
);

const FILTERS = ['name', 'slug', 'status'] as const;
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** Spec §2 "Template Categories" (/wa-template-categories). */
export function CategoriesPage() {
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['name', 'slug'],
    // The API searches name and slug together: every word of both filters must match one.
    query: ({ page, limit, filters: { name, slug, status } }) =>
      categoriesQuery({
        page,
        limit,
        search: [name.trim(), slug.trim()].filter(Boolean).join(' ') || undefined,
        status: status || undefined,
      }),
    rowsOf: (data) => ({ data: data.categories, pagination: data.pagination }),
    errorText: WA_CATEGORY_MESSAGES.fetchFailed,
  });

  const canCreate = useCan('wa_template_categories.create');
  const canUpdate = useCan('wa_template_categories.update');
  const canDelete = useCan('wa_template_categories.delete');
  const panel = useEditPanel<WaCategory>();
  const [viewing, setViewing] = useState<WaCategory | null>(null);
  const deleteCategory = useDeleteCategory();
  const remove = useConfirmDelete<WaCategory>({
    run: (category) => deleteCategory.mutateAsync(category._id),
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
      width: 'w-[28%]',
      cell: (c) => <TruncatedText text={c.name} className="font-medium text-neutral-900" />,
      filter: (
        <FilterText
          label="Filter by name"
          placeholder="Search name"
          value={list.inputs.name}
          onChange={(value) => list.setFilter('name', value)}
        />
      ),
    },
    {
      id: 'slug',
      header: 'Slug',
      width: 'w-[24%]',
      cell: (c) => <TruncatedText text={c.slug} className="font-mono text-xs" />,
      filter: (
        <FilterText
          label="Filter by slug"
          placeholder="Search slug"
          value={list.inputs.slug}
          onChange={(value) => list.setFilter('slug', value)}
        />
      ),
    },
    {
      id: 'icon',
      header: 'Icon',
      width: 'w-20',
      cell: (c) => (c.icon ? <span className="text-lg">{c.icon}</span> : '—'),
    },
    { id: 'order', header: 'Order', width: 'w-20', cell: (c) => c.order },
    {
      id: 'status',
      header: 'Status',
      width: 'w-40',
      cell: (c) => <CategoryStatusBadge status={c.status} />,
      filter: (
        <FilterSelect
          label="Filter by status"
          value={list.inputs.status}
          onChange={(value) => list.setFilter('status', value)}
          options={STATUS_OPTIONS}
        />
      ),
    },
    actionsColumn<WaCategory>({
      name: (c) => c.name,
      view: setViewing,
      edit: canUpdate && panel.edit,
      remove: canDelete && remove.ask,
    }),
  ];

  return (
    <>
      <PageHeader
        title="Template Categories"
        actions={
          canCreate && (
            <Button onClick={panel.create}>
              <Plus className="size-4" aria-hidden="true" />
              Create Category
            </Button>
          )
        }
      />
      <Card flush>
        <ListTable
          list={list}
          label="Template categories"
          columns={columns}
          rowKey={(c) => c._id}
          emptyText={WA_CATEGORY_MESSAGES.empty}
          onRowClick={setViewing}
          rowLabel={(c) => `View ${c.name}`}
        />
      </Card>
      <CategoryFormPanel
        open={panel.open}
        category={panel.record}
        onOpenChange={panel.onOpenChange}
      />
      <CategoryViewPanel category={viewing} onClose={() => setViewing(null)} />
      {remove.dialog}
    </>
  );
}

import {
  AUDIENCE_MESSAGES,
  AUDIENCE_SORT_KEYS,
  AUDIENCE_SUCCESS,
  AUDIENCE_TEXTS,
  type Audience,
} from '@cricket/contracts';
import { Plus } from 'lucide-react';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { TruncatedText, actionsColumn, type Column } from '@/components/data-table';
import { FilterTextFor } from '@/components/filter-controls';
import { lazyPanel } from '@/components/lazy-panel';
import { ListExportButton } from '@/components/list-export-button';
import { ListTable, sortParams, useListPage, type ListQueryState } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { TimeAgo } from '@/components/time-ago';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePanelState } from '@/components/use-panel-state';
import { useCan } from '@/lib/session';
import { audiencesQuery, useDeleteAudience } from '../api/audiences';
import { audienceKeys } from '../api/keys';

const AudienceFormPanel = lazyPanel(
  () => import('./audience-form-panel').then((m) => m.AudienceFormPanel),
  (p) => p.open,
);

const FILTERS = ['name'] as const;

/** The list's filters and sort as the API takes them, for its pages, its export and bulk jobs. */
function audienceFilters({
  sort,
  filters: { name },
}: Pick<ListQueryState<(typeof FILTERS)[number]>, 'sort' | 'filters'>) {
  return { ...sortParams(sort), search: name.trim() || undefined };
}

/** A bulk job's end refreshes the audiences (the send forms' audience select reads them too). */
const BULK_REFRESH = [audienceKeys.all];

/** Saved audiences (issue 36): the rules a send can target, by name. */
export function AudiencesPage() {
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['name'],
    sorts: AUDIENCE_SORT_KEYS,
    query: (state) =>
      audiencesQuery({ page: state.page, limit: state.limit, ...audienceFilters(state) }),
    rowsOf: (data) => ({ data: data.audiences, pagination: data.pagination }),
    errorText: AUDIENCE_MESSAGES.fetchFailed,
  });
  const canCreate = useCan('audiences.create');
  const canUpdate = useCan('audiences.update');
  const canDelete = useCan('audiences.delete');
  const panel = usePanelState<'create' | 'edit', Audience>();
  const deleteAudience = useDeleteAudience();
  const remove = useConfirmDelete<Audience>({
    run: (audience, ifMatch) => deleteAudience.mutateAsync({ id: audience._id, ifMatch }),
    version: (audience) => audience.updated_at,
    title: AUDIENCE_TEXTS.deleteTitle,
    description: (audience) => AUDIENCE_TEXTS.deleteDescription(audience.name),
    successText: AUDIENCE_SUCCESS.deleted,
    failureText: AUDIENCE_MESSAGES.deleteFailed,
  });
  const edit = canUpdate && ((audience: Audience) => panel.open('edit', audience));

  const columns: Column<Audience>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      width: 'w-[34%]',
      cell: (a) => <TruncatedText text={a.name} className="font-medium text-neutral-900" />,
      filter: (
        <FilterTextFor list={list} name="name" label="Filter by name" placeholder="Search name" />
      ),
    },
    {
      id: 'rules',
      header: 'Rules',
      width: 'w-[26%]',
      cell: (a) => AUDIENCE_TEXTS.summary(a.rules.length, a.match),
    },
    {
      id: 'updated_at',
      header: 'Updated',
      sortKey: 'updated_at',
      width: 'w-40',
      cell: (a) => <TimeAgo value={a.updated_at} />,
    },
    actionsColumn<Audience>({
      name: (a) => a.name,
      edit,
      remove: canDelete && remove.ask,
    }),
  ];

  return (
    <>
      <PageHeader
        title={AUDIENCE_TEXTS.title}
        actions={
          <>
            <ListExportButton list="audiences" fileName="audiences" query={audienceFilters(list)} />
            {canCreate && (
              <Button onClick={() => panel.open('create')}>
                <Plus className="size-4" aria-hidden="true" />
                {AUDIENCE_TEXTS.create}
              </Button>
            )}
          </>
        }
      />
      <Card flush>
        <ListTable
          list={list}
          label={AUDIENCE_TEXTS.title}
          columns={columns}
          rowKey={(a) => a._id}
          emptyText={AUDIENCE_MESSAGES.empty}
          onRowClick={edit || undefined}
          rowLabel={(a) => `Edit ${a.name}`}
          bulk={{
            list: 'audiences',
            actions: [canDelete && 'delete'],
            query: audienceFilters(list),
            name: (a) => a.name,
            refresh: BULK_REFRESH,
          }}
        />
      </Card>
      <AudienceFormPanel
        open={panel.isOpen('create', 'edit')}
        audience={panel.recordFor('create', 'edit')}
        onOpenChange={panel.onOpenChange}
      />
      {remove.dialog}
    </>
  );
}

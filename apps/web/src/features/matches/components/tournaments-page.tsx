import {
  MATCH_MESSAGES,
  TOURNAMENT_SORT_KEYS,
  TOURNAMENT_STATUSES,
  type TournamentRow,
  type TournamentStatus,
} from '@cricket/contracts';
import { Plus } from 'lucide-react';
import { TruncatedText, type Column } from '@/components/data-table';
import { FilterSelectFor, FilterTextFor } from '@/components/filter-controls';
import { ListExportButton } from '@/components/list-export-button';
import { ListTable, sortParams, useListPage, type ListQueryState } from '@/components/list-page';
import { MatchStatusBadge } from '@/components/match-status-badge';
import { PageHeader } from '@/components/page-header';
import { lazyPanel } from '@/components/lazy-panel';
import { usePanelState } from '@/components/use-panel-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate, statusLabel } from '@/lib/format';
import { useOpenRecord } from '@/lib/record-route';
import { useCan } from '@/lib/session';
import { tournamentsQuery } from '../api/get-tournaments';

const TournamentFormPanel = lazyPanel(
  () => import('./tournament-form-panel').then((m) => m.TournamentFormPanel),
  (p) => p.open,
);

const FILTERS = ['search', 'status'] as const;

const isStatus = (value: string): value is TournamentStatus =>
  (TOURNAMENT_STATUSES as readonly string[]).includes(value);

/** The list's filters and sort as the API takes them, for its pages and its export. */
function tournamentsFilters({
  sort,
  filters: { search, status },
}: Pick<ListQueryState<(typeof FILTERS)[number]>, 'sort' | 'filters'>) {
  return {
    ...sortParams(sort),
    search: search.trim() || undefined,
    status: isStatus(status) ? status : undefined,
  };
}

/** Every tournament, the latest to start first, filtered by name and status; each opens its page. */
export function TournamentsPage() {
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['search'],
    checks: { status: isStatus },
    sorts: TOURNAMENT_SORT_KEYS,
    query: (state) =>
      tournamentsQuery({ page: state.page, limit: state.limit, ...tournamentsFilters(state) }),
    errorText: MATCH_MESSAGES.tournamentsFetchFailed,
  });
  const canCreate = useCan('matches.manage');
  const panel = usePanelState<'create'>();
  const openRecord = useOpenRecord('/tournaments');
  const openTournament = (t: TournamentRow) => openRecord(t.id);

  const columns: Column<TournamentRow>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      width: 'w-[34%]',
      cell: (t) => <TruncatedText text={t.name} className="font-medium text-neutral-900" />,
      filter: (
        <FilterTextFor
          list={list}
          name="search"
          label="Search by tournament name"
          placeholder="Search name"
        />
      ),
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      width: 'w-[16%]',
      cell: (t) => <MatchStatusBadge status={t.status} />,
      filter: (
        <FilterSelectFor
          list={list}
          name="status"
          label="Filter by status"
          options={TOURNAMENT_STATUSES.map((status) => ({
            value: status,
            label: statusLabel(status),
          }))}
        />
      ),
    },
    {
      id: 'start',
      header: 'Start date',
      sortKey: 'start_date',
      width: 'w-[18%]',
      cell: (t) => <TruncatedText text={formatDate(t.start_date)} />,
    },
    {
      id: 'end',
      header: 'End date',
      sortKey: 'end_date',
      width: 'w-[18%]',
      cell: (t) => <TruncatedText text={formatDate(t.end_date)} />,
    },
    {
      id: 'matches',
      header: 'Matches',
      sortKey: 'matches',
      width: 'w-[14%]',
      cell: (t) => t.matches,
    },
  ];

  return (
    <>
      <PageHeader
        title="Tournaments"
        actions={
          <>
            <ListExportButton list="tournaments" query={tournamentsFilters(list)} />
            {canCreate && (
              <Button onClick={() => panel.open('create')}>
                <Plus className="size-4" aria-hidden="true" />
                Create Tournament
              </Button>
            )}
          </>
        }
      />
      <Card flush>
        <ListTable
          list={list}
          label="Tournaments"
          columns={columns}
          rowKey={(t) => t.id}
          emptyText={MATCH_MESSAGES.tournamentsEmpty}
          onRowClick={openTournament}
          rowLabel={(t) => `Open ${t.name}`}
        />
      </Card>
      <TournamentFormPanel
        open={panel.isOpen('create')}
        tournament={null}
        onOpenChange={panel.onOpenChange}
        onCreated={(created) => openRecord(created.id)}
      />
    </>
  );
}

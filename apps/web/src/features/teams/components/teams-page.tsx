import { FilterSelectFor, FilterTextFor } from '@/components/filter-controls';
import type { Team } from '@cricket/contracts';
import { Plus } from 'lucide-react';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { TruncatedText, actionsColumn, type Column } from '@/components/data-table';
import { lazyPanel } from '@/components/lazy-panel';
import { ListExportButton } from '@/components/list-export-button';
import {
  ListTable,
  oneOf,
  sortParams,
  useListPage,
  type ListQueryState,
} from '@/components/list-page';
import { usePanelState } from '@/components/use-panel-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useOpenRecord } from '@/lib/record-route';
import { useCan } from '@/lib/session';
import { useDeleteTeam } from '../api/delete-team';
import { teamsQuery } from '../api/get-teams';
import { teamKeys } from '../api/keys';
import { TeamLogo, TeamStatusBadge } from './team-logo';
import { TEAM_MESSAGES, TEAM_SORT_KEYS, TEAM_SUCCESS } from '@cricket/contracts';

const TeamFormPanel = lazyPanel(
  () => import('./team-form-panel').then((m) => m.TeamFormPanel),
  (p) => p.open,
);

const FILTERS = ['name', 'location', 'status'] as const;

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/** The list's filters and sort as the API takes them, for its pages and its export. */
function teamsFilters({ sort, filters: { name, location, status } }: ListFilterState) {
  const search = [name.trim(), location.trim()].filter(Boolean).join(' ');
  return {
    ...sortParams(sort),
    search: search || undefined,
    is_active: status === 'true' || status === 'false' ? status : undefined,
  } as const;
}

type ListFilterState = Pick<ListQueryState<(typeof FILTERS)[number]>, 'sort' | 'filters'>;

const BULK_REFRESH = [teamKeys.all];

/** Spec §2 "Teams list" (/teams). */
export function TeamsPage() {
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['name', 'location'],
    checks: { status: oneOf(['true', 'false']) },
    sorts: TEAM_SORT_KEYS,
    query: (state) => teamsQuery({ page: state.page, limit: state.limit, ...teamsFilters(state) }),
    errorText: TEAM_MESSAGES.fetchFailed,
  });

  const canCreate = useCan('teams.create');
  const canUpdate = useCan('teams.update');
  const canDelete = useCan('teams.delete');
  const panel = usePanelState<'create' | 'edit', Team>();
  const deleteTeam = useDeleteTeam();
  const remove = useConfirmDelete<Team>({
    run: (team, ifMatch) => deleteTeam.mutateAsync({ id: team.id, ifMatch }),
    version: (team) => team.updated_at,
    title: 'Delete Team',
    description: () => 'Are you sure you want to delete this team? This action cannot be undone.',
    successText: TEAM_SUCCESS.deleted,
    failureText: TEAM_MESSAGES.deleteFailed,
  });

  const openRecord = useOpenRecord('/teams');
  const openTeam = (team: Team) => openRecord(team.id);

  const columns: Column<Team>[] = [
    {
      id: 'name',
      header: 'Team Name',
      sortKey: 'name',
      width: 'w-[34%]',
      cell: (team) => (
        <span className="flex min-w-0 items-center gap-3 font-medium text-neutral-900">
          <TeamLogo url={team.logo_url} className="size-8 shrink-0" />
          <TruncatedText text={team.name} className="min-w-0" />
        </span>
      ),
      filter: (
        <FilterTextFor
          list={list}
          name="name"
          label="Filter by team name"
          placeholder="Search team name"
        />
      ),
    },
    {
      id: 'location',
      header: 'Location',
      sortKey: 'location',
      width: 'w-[22%]',
      cell: (team) => <TruncatedText text={team.location} />,
      filter: (
        <FilterTextFor
          list={list}
          name="location"
          label="Filter by location"
          placeholder="Search location"
        />
      ),
    },
    {
      id: 'players',
      header: 'Players Count',
      sortKey: 'players_count',
      width: 'w-32',
      cell: (team) => team.players_count,
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'is_active',
      width: 'w-40',
      cell: (team) => <TeamStatusBadge active={team.is_active} />,
      filter: (
        <FilterSelectFor
          list={list}
          name="status"
          label="Filter by status"
          options={STATUS_OPTIONS}
        />
      ),
    },
    actionsColumn<Team>({
      name: (team) => team.name,
      view: openTeam,
      edit: canUpdate && ((team) => panel.open('edit', team)),
      remove: canDelete && remove.ask,
    }),
  ];

  return (
    <>
      <PageHeader
        title="Teams"
        actions={
          <>
            <ListExportButton list="teams" query={teamsFilters(list)} />
            {canCreate && (
              <Button onClick={() => panel.open('create')}>
                <Plus className="size-4" aria-hidden="true" />
                Add Team
              </Button>
            )}
          </>
        }
      />
      <Card flush>
        <ListTable
          list={list}
          label="Teams"
          columns={columns}
          rowKey={(team) => team.id}
          emptyText={TEAM_MESSAGES.empty}
          onRowClick={openTeam}
          rowLabel={(team) => `Open ${team.name}`}
          bulk={{
            list: 'teams',
            actions: [canDelete && 'delete'],
            query: teamsFilters(list),
            name: (team) => team.name,
            refresh: BULK_REFRESH,
          }}
        />
      </Card>

      <TeamFormPanel
        open={panel.isOpen('create', 'edit')}
        team={panel.record}
        onOpenChange={panel.onOpenChange}
      />
      {remove.dialog}
    </>
  );
}

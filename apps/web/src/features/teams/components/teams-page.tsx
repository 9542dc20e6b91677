import { FilterSelect, FilterText } from '@/components/filter-controls';
import type { Team } from '@cricket/contracts';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, RowAction, RowActions, type Column } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { Button } from '@/components/ui/button';
import { useListState } from '@/components/use-list-state';
import { errorMessage } from '@/lib/http';
import { useCan } from '@/lib/session';
import { useErrorToast } from '@/lib/use-error-toast';
import { useDeleteTeam } from '../api/delete-team';
import { useTeams } from '../api/get-teams';
import { TeamFormPanel } from './team-form-panel';
import { TeamLogo, TeamStatusBadge } from './team-logo';

const FILTERS = ['name', 'location', 'status'] as const;

/** Spec §2 "Teams list" (/teams). */
export function TeamsPage() {
  const navigate = useNavigate();
  const list = useListState({ filters: FILTERS, textFilters: ['name', 'location'] });
  const { name, location, status } = list.filters;
  const search = [name.trim(), location.trim()].filter(Boolean).join(' ');
  const teams = useTeams({
    page: list.page,
    limit: list.limit,
    search: search || undefined,
    is_active: status === 'true' || status === 'false' ? status : undefined,
  });
  useErrorToast(teams.error, 'Error fetching teams');

  const canCreate = useCan('teams.create');
  const canUpdate = useCan('teams.update');
  const canDelete = useCan('teams.delete');
  const [panel, setPanel] = useState<{ open: boolean; team: Team | null }>({
    open: false,
    team: null,
  });
  const [toDelete, setToDelete] = useState<Team | null>(null);
  const deleteTeam = useDeleteTeam();

  const openTeam = (team: Team) =>
    navigate(`/teams/view?id=${team.id}`, { state: { id: team.id } });

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteTeam.mutateAsync(toDelete.id);
      toast.success('Team deleted successfully!');
      setToDelete(null);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete team'));
    }
  }

  const columns: Column<Team>[] = [
    {
      id: 'name',
      header: 'Team Name',
      cell: (team) => (
        <span className="flex items-center gap-3 font-medium text-slate-900">
          <TeamLogo url={team.logo_url} className="size-8" />
          {team.name}
        </span>
      ),
      filter: (
        <FilterText
          label="Filter by team name"
          placeholder="Search team name"
          value={list.inputs.name}
          onChange={(value) => list.setFilter('name', value)}
        />
      ),
    },
    {
      id: 'location',
      header: 'Location',
      cell: (team) => team.location,
      filter: (
        <FilterText
          label="Filter by location"
          placeholder="Search location"
          value={list.inputs.location}
          onChange={(value) => list.setFilter('location', value)}
        />
      ),
    },
    { id: 'players', header: 'Players Count', cell: (team) => team.players_count },
    {
      id: 'status',
      header: 'Status',
      cell: (team) => <TeamStatusBadge active={team.is_active} />,
      filter: (
        <FilterSelect
          label="Filter by status"
          value={list.inputs.status}
          onChange={(value) => list.setFilter('status', value)}
        >
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </FilterSelect>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (team) => (
        <RowActions>
          <RowAction icon={Eye} label={`View ${team.name}`} onClick={() => openTeam(team)} />
          {canUpdate && (
            <RowAction
              icon={Pencil}
              label={`Edit ${team.name}`}
              onClick={() => setPanel({ open: true, team })}
            />
          )}
          {canDelete && (
            <RowAction
              icon={Trash2}
              tone="danger"
              label={`Delete ${team.name}`}
              onClick={() => setToDelete(team)}
            />
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Teams"
        actions={
          canCreate && (
            <Button onClick={() => setPanel({ open: true, team: null })}>
              <Plus className="size-4" aria-hidden="true" />
              Add Team
            </Button>
          )
        }
      />
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <DataTable
          label="Teams"
          columns={columns}
          rows={teams.data?.data ?? []}
          rowKey={(team) => team.id}
          loading={teams.isPending || (teams.isPlaceholderData && teams.isFetching)}
          emptyText="No teams found"
          onRowClick={openTeam}
          rowLabel={(team) => `Open ${team.name}`}
        />
        {teams.data && (
          <PaginationBar
            pagination={teams.data.pagination}
            onPageChange={list.setPage}
            onPageSizeChange={list.setLimit}
          />
        )}
      </div>

      <TeamFormPanel
        open={panel.open}
        team={panel.team}
        onOpenChange={(open) => setPanel((current) => ({ ...current, open }))}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete Team"
        description="Are you sure you want to delete this team? This action cannot be undone."
        onConfirm={() => void confirmDelete()}
        busy={deleteTeam.isPending}
      />
    </>
  );
}

import {
  fullName,
  TEAM_MESSAGES,
  TEAM_SUCCESS,
  type TeamDetails,
  type TeamPlayer,
} from '@cricket/contracts';
import { ArrowLeft, SearchX, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { BackLink } from '@/components/back-link';
import { useConfirmDelete } from '@/components/confirm-dialog';
import { TruncatedText, actionsColumn, type Column } from '@/components/data-table';
import { ListError, ListTable, useListPage } from '@/components/list-page';
import { StatusScreen } from '@/components/status-screen';
import { usePanelState } from '@/components/use-panel-state';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { DetailItem } from '@/components/detail-item';
import { RecordHistory } from '@/components/record-history';
import { lazyPanel } from '@/components/lazy-panel';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { ApiError } from '@/lib/http';
import { useRecordId } from '@/lib/record-route';
import { useCan } from '@/lib/session';
import { teamQuery } from '../api/get-team';
import { teamKeys } from '../api/keys';
import { useRemoveTeamPlayer } from '../api/remove-team-player';
import { playerLabel } from './names';
import { TeamLogo, TeamStatusBadge } from './team-logo';

const ManagePlayersPanel = lazyPanel(
  () => import('./manage-players-panel').then((m) => m.ManagePlayersPanel),
  (p) => p.open,
);
const EditPlayerModal = lazyPanel(
  () => import('./edit-player-modal').then((m) => m.EditPlayerModal),
  (p) => p.open,
);

/** A bulk remove's end refreshes the squad, the team's count and the teams list. */
const BULK_REFRESH = [teamKeys.all];
/** The squad list has no filters: 'all matching' is the whole squad. */
const NO_FILTERS = {};

const backToTeams = (
  <Link to="/teams" className={buttonClasses({ variant: 'secondary' })}>
    <ArrowLeft className="size-4" aria-hidden="true" />
    Back to Teams
  </Link>
);

const backLink = <BackLink to="/teams" />;

/** Spec §2 "Team details" (/teams/view). */
export function TeamDetailsPage() {
  const id = useRecordId();
  const list = useListPage({
    query: ({ page, limit }) => teamQuery(id ?? 0, { page, limit }),
    rowsOf: (details: TeamDetails) => details.players,
    errorText: TEAM_MESSAGES.detailsFailed,
    enabled: id !== null,
  });
  const { query } = list;

  const canAdd = useCan('team_players.create');
  const canEdit = useCan('team_players.update');
  const canRemove = useCan('team_players.delete');
  const panel = usePanelState<'add' | 'edit', TeamPlayer>();
  const removePlayer = useRemoveTeamPlayer();
  const remove = useConfirmDelete<TeamPlayer>({
    run: (player) => removePlayer.mutateAsync({ teamId: id ?? 0, playerId: player.id }),
    title: 'Remove Player',
    description: () =>
      'Are you sure you want to remove this player from the team? This action cannot be undone.',
    successText: TEAM_SUCCESS.playerRemoved,
    failureText: TEAM_MESSAGES.playerRemoveFailed,
  });

  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <StatusScreen icon={SearchX} tone="warning" title="Team not found" actions={backToTeams}>
        The team you are looking for does not exist or has been deleted.
      </StatusScreen>
    );
  }
  if (query.data === undefined && query.isError) {
    return (
      <>
        {backLink}
        <ListError
          error={query.error}
          fallback={TEAM_MESSAGES.detailsFailed}
          onRetry={list.retry}
          retrying={list.retrying}
          className="py-24"
        />
      </>
    );
  }
  if (query.data === undefined) {
    return (
      <>
        {backLink}
        <p
          role="status"
          className="flex items-center justify-center gap-3 py-24 text-sm text-neutral-500"
        >
          <Spinner className="size-5 text-primary-700" />
          Loading...
        </p>
      </>
    );
  }

  const { team, owner, captain, players } = query.data;

  const columns: Column<TeamPlayer>[] = [
    {
      id: 'player',
      header: 'Player',
      width: 'w-[36%]',
      cell: (player) => (
        <span className="block min-w-0">
          <TruncatedText text={playerLabel(player)} className="font-medium text-neutral-900" />
          <span className="block text-xs text-neutral-500">{player.phone_number}</span>
        </span>
      ),
    },
    {
      id: 'jersey',
      header: 'Jersey #',
      width: 'w-24',
      cell: (player) => (player.jersey_number === null ? '—' : player.jersey_number),
    },
    {
      id: 'role',
      header: 'Role',
      width: 'w-[18%]',
      cell: (player) => <TruncatedText text={player.player_role_name ?? '—'} />,
    },
    {
      id: 'status',
      header: 'Status',
      width: 'w-[20%]',
      cell: (player) => (
        <span className="flex flex-wrap gap-1">
          {player.is_captain && <Badge tone="purple">Captain</Badge>}
          {player.is_wicket_keeper && <Badge tone="blue">WK</Badge>}
          {!player.is_captain && !player.is_wicket_keeper && <Badge>Player</Badge>}
        </span>
      ),
    },
  ];
  if (canEdit || canRemove) {
    columns.push(
      actionsColumn<TeamPlayer>({
        name: playerLabel,
        edit: canEdit && ((player) => panel.open('edit', player)),
        remove: canRemove && remove.ask,
        removeVerb: 'Remove',
      }),
    );
  }

  return (
    <>
      {backLink}
      {/* min-w-0: a wide table scrolls inside its card instead of widening the page. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6">
          <Card>
            <div className="flex flex-col items-center text-center">
              <TeamLogo url={team.logo_url} className="size-24 ring-1 ring-neutral-200" />
              <h1 className="mt-4 max-w-full text-xl font-semibold wrap-anywhere text-neutral-900">
                {team.name}
              </h1>
              <p className="mt-1 text-sm text-neutral-500">{team.team_initials}</p>
              <div className="mt-2">
                <TeamStatusBadge active={team.is_active} />
              </div>
            </div>
            <dl className="mt-5 divide-y divide-neutral-100 border-t border-neutral-100">
              <DetailItem layout="row" label="Location">
                {team.location || 'Not specified'}
              </DetailItem>
              <DetailItem layout="row" label="Total Players">
                {team.players_count}
              </DetailItem>
              {captain && (
                <DetailItem layout="row" label="Captain">
                  {captain.player_name ?? 'Unknown User'}
                  <span className="block text-xs font-normal text-neutral-500">
                    {captain.jersey_number === null
                      ? 'No jersey number'
                      : `#${captain.jersey_number}`}
                  </span>
                </DetailItem>
              )}
              <DetailItem layout="row" label="Created At">
                {formatDateTime(team.created_at)}
              </DetailItem>
            </dl>
          </Card>
          <Card title="Owner Information">
            {owner ? (
              <dl className="divide-y divide-neutral-100">
                <DetailItem layout="row" label="Name">
                  {fullName(owner.details)}
                </DetailItem>
                <DetailItem layout="row" label="Phone">
                  {owner.phone_number}
                </DetailItem>
              </dl>
            ) : (
              <p className="text-sm text-neutral-500">Not specified</p>
            )}
          </Card>
        </div>

        <Card
          className="min-w-0 lg:col-span-2"
          flush
          title={`Players (${players.pagination.total})`}
          actions={
            canAdd && (
              <Button size="sm" onClick={() => panel.open('add')}>
                <UserPlus className="size-4" aria-hidden="true" />
                Add Players
              </Button>
            )
          }
        >
          <ListTable
            list={list}
            label="Players"
            columns={columns}
            rowKey={(player) => player.id}
            emptyText={TEAM_MESSAGES.playersEmpty}
            bulk={{
              list: 'team-players',
              actions: [canRemove && 'delete'],
              query: NO_FILTERS,
              scope: { team_id: team.id },
              name: playerLabel,
              refresh: BULK_REFRESH,
            }}
          />
        </Card>
        <RecordHistory entityType="team" entityId={team.id} className="min-w-0 lg:col-span-3" />
      </div>

      {canAdd && (
        <ManagePlayersPanel
          teamId={team.id}
          open={panel.isOpen('add')}
          onOpenChange={panel.onOpenChange}
        />
      )}
      <EditPlayerModal
        teamId={team.id}
        open={panel.isOpen('edit')}
        player={panel.recordFor('edit')}
        onOpenChange={panel.onOpenChange}
      />
      {remove.dialog}
    </>
  );
}

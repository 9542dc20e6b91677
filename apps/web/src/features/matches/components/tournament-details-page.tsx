import {
  FIXTURE_EDIT_LABELS,
  FIXTURE_IMPORT_LABELS,
  KNOCKOUT_LABELS,
  TOURNAMENT_MESSAGES,
  WEEKDAY_NAMES,
  type Fixture,
  roundLabel,
  type PointsTableRow,
} from '@cricket/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  CalendarClock,
  CalendarPlus,
  CheckCircle2,
  FileUp,
  Mail,
  Pencil,
  SearchX,
  Shuffle,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { BackLink } from '@/components/back-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, TruncatedText, type Column } from '@/components/data-table';
import { DetailItem } from '@/components/detail-item';
import { lazyPanel } from '@/components/lazy-panel';
import { ListError } from '@/components/list-page';
import { MatchStatusBadge } from '@/components/match-status-badge';
import { RecordHistory } from '@/components/record-history';
import { StatusScreen } from '@/components/status-screen';
import { usePanelState } from '@/components/use-panel-state';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatDateTime, statusLabel } from '@/lib/format';
import { ApiError, errorMessage } from '@/lib/http';
import { useRecordId } from '@/lib/record-route';
import { useCan } from '@/lib/session';
import { useSingleFlight } from '@/lib/use-single-flight';
import { pointsTableQuery, tournamentQuery } from '../api/get-tournament';
import { useConfirmResult, useDrawNextRound, useGenerateFixtures } from '../api/tournament-writes';
import { AvailabilityGrid, AvailabilitySummary } from './availability-grid';
import { KnockoutRounds } from './knockout-rounds';

const TournamentFormPanel = lazyPanel(
  () => import('./tournament-form-panel').then((m) => m.TournamentFormPanel),
  (p) => p.open,
);
const AskAvailabilityModal = lazyPanel(
  () => import('./ask-availability-modal').then((m) => m.AskAvailabilityModal),
  (p) => p.open,
);
const SelectionPanel = lazyPanel(
  () => import('./selection-panel').then((m) => m.SelectionPanel),
  (p) => p.open,
);
const ImportFixturesModal = lazyPanel(
  () => import('./import-fixtures-modal').then((m) => m.ImportFixturesModal),
  (p) => p.open,
);
const FixtureModal = lazyPanel(
  () => import('./fixture-modal').then((m) => m.FixtureModal),
  (p) => p.open,
);
const ResultModal = lazyPanel(
  () => import('./result-modal').then((m) => m.ResultModal),
  (p) => p.open,
);

const backLink = <BackLink to="/tournaments" />;

const innings = (i: Fixture['team_a_innings']) =>
  i ? `${i.runs}/${i.wickets} (${i.overs}${i.balls ? `.${i.balls}` : ''} ov)` : '';

function resultText(f: Fixture) {
  if (f.result_type === null) return 'Not played';
  if (f.result_type === 'no_result') return 'No result';
  const score = `${innings(f.team_a_innings)} v ${innings(f.team_b_innings)}`;
  if (f.result_type === 'tie')
    return f.winner ? `${KNOCKOUT_LABELS.wonTie(f.winner.name)} · ${score}` : `Tie · ${score}`;
  return `${f.winner?.name ?? ''} won · ${score}`;
}

function Confirmation({ f }: { f: Fixture }) {
  if (f.result_type === null) return null;
  if (f.locked) return <Badge tone="green">Confirmed</Badge>;
  const waiting = [!f.team_a_confirmed && f.team_a.name, !f.team_b_confirmed && f.team_b.name]
    .filter(Boolean)
    .join(' and ');
  return <Badge tone="yellow">{`Waiting for ${waiting}`}</Badge>;
}

const tableColumns: Column<PointsTableRow & { position: number }>[] = [
  { id: 'pos', header: '#', width: 'w-10', cell: (r) => r.position },
  {
    id: 'team',
    header: 'Team',
    width: 'w-[30%]',
    cell: (r) => <TruncatedText text={r.team.name} className="font-medium text-neutral-900" />,
  },
  { id: 'played', header: 'P', width: 'w-12', cell: (r) => r.played },
  { id: 'won', header: 'W', width: 'w-12', cell: (r) => r.won },
  { id: 'lost', header: 'L', width: 'w-12', cell: (r) => r.lost },
  { id: 'tied', header: 'T', width: 'w-12', cell: (r) => r.tied },
  { id: 'nr', header: 'NR', width: 'w-12', cell: (r) => r.no_result },
  { id: 'pen', header: 'Pen', width: 'w-12', cell: (r) => (r.penalties ? `−${r.penalties}` : 0) },
  { id: 'pts', header: 'Pts', width: 'w-14', cell: (r) => <strong>{r.points}</strong> },
  {
    id: 'nrr',
    header: 'NRR',
    width: 'w-20',
    cell: (r) => (r.net_run_rate > 0 ? '+' : '') + r.net_run_rate.toFixed(3),
  },
];

/** A tournament: its rules and teams, its points table and its fixtures with their results. */
export function TournamentDetailsPage() {
  const id = useRecordId();
  const details = useQuery({ ...tournamentQuery(id ?? 0), enabled: id !== null });
  // A knockout has no points table (decision 077): asked for once the format is known.
  const table = useQuery({
    ...pointsTableQuery(id ?? 0),
    enabled: id !== null && details.data?.tournament.format === 'league',
  });
  const canManage = useCan('matches.manage');
  const canConfirm = useCan('matches.confirm');
  const panel = usePanelState<
    'edit' | 'import' | 'fixture' | 'result' | 'ask' | 'select',
    Fixture
  >();
  /** The team the grid's Pick Team was pressed for; the fixture's first team otherwise. */
  const [pickFor, setPickFor] = useState<number | undefined>(undefined);
  const canSelect = useCan('matches.select');
  const [askGenerate, setAskGenerate] = useState(false);
  const [askDraw, setAskDraw] = useState(false);
  const generate = useGenerateFixtures();
  const drawNext = useDrawNextRound();
  const confirm = useConfirmResult();
  const flight = useSingleFlight();

  const act = (task: () => Promise<string>, failure: string, click?: { detail: number }) =>
    void flight.run(async () => {
      try {
        toast.success(await task());
      } catch (error) {
        toast.error(errorMessage(error, failure));
      }
    }, click);

  if (id === null || (details.error instanceof ApiError && details.error.status === 404)) {
    return (
      <StatusScreen
        icon={SearchX}
        tone="warning"
        title={TOURNAMENT_MESSAGES.notFound}
        actions={
          <Link to="/tournaments" className={buttonClasses({ variant: 'secondary' })}>
            Back to Tournaments
          </Link>
        }
      >
        The tournament you are looking for does not exist.
      </StatusScreen>
    );
  }
  if (details.data === undefined) {
    return (
      <>
        {backLink}
        {details.isError ? (
          <ListError
            error={details.error}
            fallback={TOURNAMENT_MESSAGES.fetchFailed}
            onRetry={() => void details.refetch()}
            retrying={details.isFetching}
            className="py-24"
          />
        ) : (
          <p
            role="status"
            className="flex items-center justify-center gap-3 py-24 text-sm text-neutral-500"
          >
            <Spinner className="size-5 text-primary-700" />
            Loading...
          </p>
        )}
      </>
    );
  }

  const { tournament: t, fixtures, bracket } = details.data;
  const canGenerate = canManage && fixtures.length === 0;
  const canDraw = canManage && bracket?.next_round_ready === true;
  const nextRound = bracket ? roundLabel(bracket.rounds.length + 1, bracket.rounds_total) : '';
  const rows = (table.data ?? []).map((row, i) => ({ ...row, position: i + 1 }));

  const fixtureColumns: Column<Fixture>[] = [
    {
      id: 'date',
      header: 'Date',
      width: 'w-[15%]',
      cell: (f) => <TruncatedText text={formatDateTime(f.scheduled_at)} />,
    },
    {
      id: 'match',
      header: 'Match',
      width: 'w-[21%]',
      cell: (f) => (
        <TruncatedText
          text={`${f.team_a.name} v ${f.team_b.name}`}
          className="font-medium text-neutral-900"
        />
      ),
    },
    {
      id: 'venue',
      header: 'Venue',
      width: 'w-[14%]',
      cell: (f) => <TruncatedText text={f.venue} />,
    },
    {
      id: 'result',
      header: 'Result',
      width: 'w-[20%]',
      cell: (f) => (
        <span className="block min-w-0 space-y-1">
          <TruncatedText text={resultText(f)} />
          <Confirmation f={f} />
        </span>
      ),
    },
    {
      id: 'availability',
      header: 'Availability',
      width: 'w-[13%]',
      cell: (f) => <AvailabilitySummary counts={f.availability} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      width: 'w-[21%]',
      cell: (f) => (
        <span className="flex flex-wrap gap-2">
          {canManage && !f.locked && (
            <Button size="sm" variant="secondary" onClick={() => panel.open('fixture', f)}>
              <CalendarClock className="size-3.5" aria-hidden="true" />
              {FIXTURE_EDIT_LABELS.action}
              <span className="sr-only">{` ${f.team_a.name} v ${f.team_b.name}`}</span>
            </Button>
          )}
          {canManage && (
            <Button size="sm" variant="secondary" onClick={() => panel.open('result', f)}>
              <Pencil className="size-3.5" aria-hidden="true" />
              {f.result_type === null ? 'Enter Result' : 'Edit Result'}
              <span className="sr-only">{` for ${f.team_a.name} v ${f.team_b.name}`}</span>
            </Button>
          )}
          {canManage && f.status === 'upcoming' && f.availability === null && (
            <Button size="sm" variant="secondary" onClick={() => panel.open('ask', f)}>
              <Mail className="size-3.5" aria-hidden="true" />
              Ask Availability
              <span className="sr-only">{` for ${f.team_a.name} v ${f.team_b.name}`}</span>
            </Button>
          )}
          {canSelect && f.status === 'upcoming' && (
            <Button size="sm" variant="secondary" onClick={() => panel.open('select', f)}>
              <Users className="size-3.5" aria-hidden="true" />
              Pick Team
              <span className="sr-only">{` for ${f.team_a.name} v ${f.team_b.name}`}</span>
            </Button>
          )}
          {canConfirm && f.result_type !== null && !f.locked && (
            <Button
              size="sm"
              busy={flight.busy}
              onClick={(click) =>
                act(() => confirm.mutateAsync(f.id), 'Failed to confirm result', click)
              }
            >
              <CheckCircle2 className="size-3.5" aria-hidden="true" />
              Confirm
              <span className="sr-only">{` result of ${f.team_a.name} v ${f.team_b.name}`}</span>
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <>
      {backLink}
      <div className="space-y-6">
        <Card>
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0">
              <h1 className="text-xl font-semibold wrap-anywhere text-neutral-900">{t.name}</h1>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-neutral-500">
                <MatchStatusBadge status={t.status} />
                {statusLabel(t.format)} · {t.overs} overs · {formatDate(t.start_date)} to{' '}
                {formatDate(t.end_date)}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {canManage && (
                <Button variant="secondary" onClick={() => panel.open('edit')}>
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit
                </Button>
              )}
              {canManage && (
                <Button variant="secondary" onClick={() => panel.open('import')}>
                  <FileUp className="size-4" aria-hidden="true" />
                  {FIXTURE_IMPORT_LABELS.action}
                </Button>
              )}
              {canGenerate && (
                <Button onClick={() => setAskGenerate(true)}>
                  <CalendarPlus className="size-4" aria-hidden="true" />
                  Generate Fixtures
                </Button>
              )}
              {canDraw && (
                <Button onClick={() => setAskDraw(true)}>
                  <Shuffle className="size-4" aria-hidden="true" />
                  {KNOCKOUT_LABELS.drawNext}
                </Button>
              )}
            </div>
          </div>
          <dl className="mt-5 grid gap-x-6 border-t border-neutral-100 pt-4 sm:grid-cols-2">
            <DetailItem layout="row" label="Match days">
              {t.match_days.map((d) => WEEKDAY_NAMES[d - 1]).join(', ')}
            </DetailItem>
            {t.format === 'league' && (
              <DetailItem layout="row" label="Points">
                {`Win ${t.points_win} · Tie ${t.points_tie} · No result ${t.points_no_result} · Loss ${t.points_loss}`}
              </DetailItem>
            )}
            <DetailItem layout="row" label={`Teams (${t.teams.length})`}>
              {t.teams.map((team) => team.name).join(', ')}
            </DetailItem>
          </dl>
        </Card>

        {bracket ? (
          <KnockoutRounds bracket={bracket} fixtures={fixtures} />
        ) : (
          <section aria-labelledby="points-table-heading" className="space-y-3">
            <h2 id="points-table-heading" className="text-lg font-semibold text-neutral-900">
              Points Table
            </h2>
            <Card flush>
              <DataTable
                label="Points table"
                columns={tableColumns}
                rows={rows}
                rowKey={(r) => r.team.id}
                alwaysTable
                loading={table.isPending}
                skeletonRows={Math.min(t.teams.length, 10)}
                emptyText={TOURNAMENT_MESSAGES.tableEmpty}
                problem={
                  table.isError ? (
                    <ListError
                      error={table.error}
                      fallback={TOURNAMENT_MESSAGES.fetchFailed}
                      onRetry={() => void table.refetch()}
                      retrying={table.isFetching}
                    />
                  ) : undefined
                }
              />
            </Card>
          </section>
        )}

        <section aria-labelledby="fixtures-heading" className="space-y-3">
          <h2 id="fixtures-heading" className="text-lg font-semibold text-neutral-900">
            Fixtures ({fixtures.length})
          </h2>
          <Card flush>
            <DataTable
              label="Fixtures"
              columns={fixtureColumns}
              rows={fixtures}
              rowKey={(f) => f.id}
              emptyText={TOURNAMENT_MESSAGES.fixturesEmpty}
            />
          </Card>
        </section>
        {fixtures.length > 0 && (
          <AvailabilityGrid
            tournament={t}
            fixtures={fixtures}
            onPick={
              canSelect
                ? (fixture, teamId) => {
                    setPickFor(teamId);
                    panel.open('select', fixture);
                  }
                : undefined
            }
          />
        )}
        <RecordHistory entityType="tournament" entityId={t.id} />
      </div>

      <TournamentFormPanel
        open={panel.isOpen('edit')}
        tournament={t}
        onOpenChange={panel.onOpenChange}
      />
      <ImportFixturesModal
        open={panel.isOpen('import')}
        tournament={t}
        onOpenChange={panel.onOpenChange}
      />
      <AskAvailabilityModal
        open={panel.isOpen('ask')}
        fixture={panel.record}
        onOpenChange={panel.onOpenChange}
      />
      <SelectionPanel
        open={panel.isOpen('select')}
        fixture={panel.record}
        teamId={pickFor}
        onOpenChange={(next) => {
          if (!next) setPickFor(undefined);
          panel.onOpenChange(next);
        }}
      />
      <FixtureModal
        open={panel.isOpen('fixture')}
        fixture={panel.record}
        onOpenChange={panel.onOpenChange}
      />
      <ResultModal
        open={panel.isOpen('result')}
        fixture={panel.record}
        knockout={t.format === 'knockout'}
        onOpenChange={panel.onOpenChange}
      />
      <ConfirmDialog
        open={askGenerate}
        onOpenChange={setAskGenerate}
        title="Generate Fixtures"
        tone="primary"
        description={
          t.format === 'knockout'
            ? KNOCKOUT_LABELS.generateDescription(t.teams.length, formatDate(t.start_date))
            : `Every pair of the ${t.teams.length} teams meets once, one round per match day from ${formatDate(t.start_date)}, at the home team's ground. The teams cannot change afterwards.`
        }
        confirmLabel="Generate"
        busy={flight.busy}
        onConfirm={() =>
          act(async () => {
            const message = await generate.mutateAsync(t.id);
            setAskGenerate(false);
            return message;
          }, TOURNAMENT_MESSAGES.generateFailed)
        }
      />
      <ConfirmDialog
        open={askDraw}
        onOpenChange={setAskDraw}
        title={KNOCKOUT_LABELS.drawNext}
        tone="primary"
        description={KNOCKOUT_LABELS.drawDescription(nextRound)}
        confirmLabel={KNOCKOUT_LABELS.draw}
        busy={flight.busy}
        onConfirm={() =>
          act(async () => {
            const message = await drawNext.mutateAsync(t.id);
            setAskDraw(false);
            return message;
          }, TOURNAMENT_MESSAGES.drawFailed)
        }
      />
    </>
  );
}

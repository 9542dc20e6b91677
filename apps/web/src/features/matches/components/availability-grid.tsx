import {
  AVAILABILITY_LABELS,
  AVAILABILITY_MESSAGES,
  type AvailabilityStatus,
  type Fixture,
  type Tournament,
} from '@cricket/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DataTable, TruncatedText, type Column } from '@/components/data-table';
import { ListError } from '@/components/list-page';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { formatDate } from '@/lib/format';
import { availabilityGridQuery, type GridPlayer } from '../api/availability';

const TONES: Record<AvailabilityStatus, BadgeTone> = {
  available: 'green',
  not_available: 'red',
  maybe: 'yellow',
  pending: 'gray',
};

/** A fixture's answers: '3 of 7 available' over '2 no answer'; 'Not asked' before the ask. */
export function AvailabilitySummary({ counts }: { counts: Fixture['availability'] }) {
  if (!counts) return <span className="text-neutral-500">Not asked</span>;
  const total = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  const pending = counts.pending ?? 0;
  return (
    <span className="block text-sm">
      <span className="block">{`${counts.available ?? 0} of ${total} available`}</span>
      {pending > 0 && (
        <span className="block text-xs text-neutral-500">{`${pending} no answer`}</span>
      )}
    </span>
  );
}

/**
 * A team's availability across the tournament: its players down, its fixtures across (as
 * Play-Cricket draws it), read again every 15 seconds while open.
 */
export function AvailabilityGrid({
  tournament,
  fixtures,
  onPick,
}: {
  tournament: Tournament;
  fixtures: readonly Fixture[];
  /** Opens Pick Team for a fixture and this grid's team; absent without matches.select. */
  onPick?: (fixture: Fixture, teamId: number) => void;
}) {
  const id = useId();
  const [teamId, setTeamId] = useState(tournament.teams[0]?.id ?? 0);
  const grid = useQuery({ ...availabilityGridQuery(tournament.id, teamId), enabled: teamId > 0 });
  const teamName = tournament.teams.find((t) => t.id === teamId)?.name ?? '';
  const theirs = fixtures.filter((f) => f.team_a.id === teamId || f.team_b.id === teamId);
  const columns: Column<GridPlayer>[] = [
    {
      id: 'player',
      header: 'Player',
      width: 'w-44',
      cell: (p) => <TruncatedText text={p.name} className="font-medium text-neutral-900" />,
    },
    ...theirs.map((f): Column<GridPlayer> => ({
      id: String(f.id),
      header: (
        <span className="flex flex-col items-start gap-1">
          {`${formatDate(f.scheduled_at)} v ${f.team_a.id === teamId ? f.team_b.name : f.team_a.name}`}
          {onPick && f.status === 'upcoming' && (
            <Button size="sm" variant="secondary" onClick={() => onPick(f, teamId)}>
              Pick Team
              <span className="sr-only">{` of ${teamName} for ${f.team_a.name} v ${f.team_b.name}`}</span>
            </Button>
          )}
        </span>
      ),
      width: 'w-36',
      cell: (p) => {
        const status = p.answers[String(f.id)];
        return status ? (
          <Badge tone={TONES[status]}>{AVAILABILITY_LABELS[status]}</Badge>
        ) : (
          <span className="text-neutral-400">Not asked</span>
        );
      },
    })),
  ];

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-neutral-900">
          Availability
        </h2>
        <Select
          aria-label="Team"
          value={String(teamId)}
          onChange={(value) => setTeamId(Number(value))}
          options={tournament.teams.map((t) => ({ value: String(t.id), label: t.name }))}
          className="w-64 max-w-full"
        />
      </div>
      <Card flush>
        <DataTable
          label="Availability"
          columns={columns}
          rows={grid.data ?? []}
          rowKey={(p) => p.user_id}
          alwaysTable
          loading={grid.isPending}
          skeletonRows={3}
          emptyText="No player of this team has been asked yet"
          problem={
            grid.isError ? (
              <ListError
                error={grid.error}
                fallback={AVAILABILITY_MESSAGES.fetchFailed}
                onRetry={() => void grid.refetch()}
                retrying={grid.isFetching}
              />
            ) : undefined
          }
        />
      </Card>
    </section>
  );
}

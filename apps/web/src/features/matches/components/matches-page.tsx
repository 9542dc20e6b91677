import { FilterSelectFor, FilterTextFor } from '@/components/filter-controls';
import {
  MATCH_MESSAGES,
  MATCH_SORT_KEYS,
  MATCH_STATUSES,
  matchResult,
  type MatchRow,
  type MatchStatus,
} from '@cricket/contracts';
import { useQuery } from '@tanstack/react-query';
import { TruncatedText, type Column } from '@/components/data-table';
import { ListExportButton } from '@/components/list-export-button';
import { ListTable, sortParams, useListPage, type ListQueryState } from '@/components/list-page';
import { MatchStatusBadge } from '@/components/match-status-badge';
import { PageHeader } from '@/components/page-header';
import { Card } from '@/components/ui/card';
import { formatDateTime, statusLabel } from '@/lib/format';
import { isRecordId } from '@/lib/record-route';
import { useErrorToast } from '@/lib/use-error-toast';
import { matchesQuery } from '../api/get-matches';
import { tournamentOptionsQuery } from '../api/get-tournaments';

const FILTERS = ['search', 'tournament_id', 'status'] as const;

const isStatus = (value: string): value is MatchStatus =>
  (MATCH_STATUSES as readonly string[]).includes(value);

/** The list's filters and sort as the API takes them, for its pages and its export. */
function matchesFilters({
  sort,
  filters,
}: Pick<ListQueryState<(typeof FILTERS)[number]>, 'sort' | 'filters'>) {
  return {
    ...sortParams(sort),
    search: filters.search,
    tournament_id: filters.tournament_id,
    status: isStatus(filters.status) ? filters.status : '',
  } as const;
}

/** Every match, newest first: read-only, filtered by team name, tournament and status. */
export function MatchesPage() {
  const list = useListPage({
    filters: FILTERS,
    textFilters: ['search'],
    checks: { tournament_id: isRecordId, status: isStatus },
    sorts: MATCH_SORT_KEYS,
    query: (state) =>
      matchesQuery({ page: state.page, limit: state.limit, ...matchesFilters(state) }),
    errorText: MATCH_MESSAGES.fetchFailed,
  });
  const tournaments = useQuery(tournamentOptionsQuery);
  useErrorToast(tournaments.error, MATCH_MESSAGES.tournamentsFetchFailed);

  const columns: Column<MatchRow>[] = [
    {
      id: 'match',
      header: 'Match',
      width: 'w-[24%]',
      cell: (match) => (
        <TruncatedText
          text={`${match.team_a.name} vs ${match.team_b.name}`}
          className="font-medium text-neutral-900"
        />
      ),
      filter: (
        <FilterTextFor
          list={list}
          name="search"
          label="Search by team name"
          placeholder="Search team"
        />
      ),
    },
    {
      // The tournament filter sits under the tournament it filters (issue 30).
      id: 'tournament',
      header: 'Tournament',
      sortKey: 'tournament',
      width: 'w-[16%]',
      cell: (match) => <TruncatedText text={match.tournament.name} />,
      filter: (
        <FilterSelectFor
          list={list}
          name="tournament_id"
          label="Filter by tournament"
          options={(tournaments.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        />
      ),
    },
    {
      id: 'date',
      header: 'Date',
      sortKey: 'scheduled_at',
      width: 'w-[18%]',
      cell: (match) => <TruncatedText text={formatDateTime(match.scheduled_at)} />,
    },
    {
      id: 'venue',
      header: 'Venue',
      sortKey: 'venue',
      width: 'w-[14%]',
      cell: (match) => <TruncatedText text={match.venue} />,
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      width: 'w-[12%]',
      cell: (match) => <MatchStatusBadge status={match.status} />,
      filter: (
        <FilterSelectFor
          list={list}
          name="status"
          label="Filter by status"
          options={MATCH_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
        />
      ),
    },
    {
      id: 'result',
      header: 'Result',
      width: 'w-[16%]',
      cell: (match) => <TruncatedText text={matchResult(match) ?? '—'} />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Matches"
        actions={<ListExportButton list="matches" query={matchesFilters(list)} />}
      />
      <Card flush>
        <ListTable
          list={list}
          label="Matches"
          columns={columns}
          rowKey={(match) => match.id}
          emptyText={MATCH_MESSAGES.empty}
        />
      </Card>
    </>
  );
}

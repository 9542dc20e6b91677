import { DASHBOARD_MESSAGES, matchResult } from '@cricket/contracts';
import { MatchStatusBadge } from '@/components/match-status-badge';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import type { RecentMatch } from '../api/get-dashboard';
import { ViewAllLink } from './view-all-link';

export function RecentMatches({ matches }: { matches: RecentMatch[] }) {
  return (
    <Card
      title="Recent Matches"
      className="min-w-0"
      actions={<ViewAllLink to="/matches" label="View all matches" />}
      flush
    >
      {matches.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-neutral-500">
          {DASHBOARD_MESSAGES.recentMatchesEmpty}
        </p>
      ) : (
        <ul className="divide-y divide-neutral-100">
          {matches.map((match) => {
            return (
              <li key={match.id} className="flex items-center justify-between gap-3 px-5 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-neutral-900">
                    {match.teamA} <span className="font-normal text-neutral-400">vs</span>{' '}
                    {match.teamB}
                  </p>
                  <p className="text-xs text-neutral-500">{formatDate(match.date)}</p>
                </div>
                <MatchStatusBadge status={match.status} text={matchResult(match) ?? undefined} />
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

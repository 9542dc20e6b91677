import {
  CalendarCheck,
  MessageSquareText,
  RefreshCw,
  TriangleAlert,
  Trophy,
  Users,
} from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { StatusScreen } from '@/components/status-screen';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useDashboard } from '../api/get-dashboard';
import { MatchesChart, PlayerRolesChart } from './dashboard-charts';
import { PlayerPerformanceTable } from './player-performance';
import { RecentMatches } from './recent-matches';
import { RecentUsers } from './recent-users';
import { StatCard } from './stat-card';
import { DASHBOARD_MESSAGES } from '@cricket/contracts';

export function DashboardPage() {
  const { data, isPending, isError, isFetching, refetch } = useDashboard();

  const header = (
    <PageHeader
      title="Dashboard"
      actions={
        <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw className={cn('size-4', isFetching && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      }
    />
  );

  if (isPending) {
    return (
      <>
        {header}
        <p
          role="status"
          className="flex items-center justify-center gap-3 py-24 text-sm text-neutral-500"
        >
          <Spinner className="size-5 text-primary-700" />
          Loading dashboard data...
        </p>
      </>
    );
  }

  if (isError) {
    return (
      <>
        {header}
        <StatusScreen
          icon={TriangleAlert}
          tone="danger"
          title="Error Loading Dashboard"
          headingLevel={2}
          actions={
            <Button onClick={() => void refetch()} busy={isFetching}>
              Retry
            </Button>
          }
        >
          {DASHBOARD_MESSAGES.loadFailed}
        </StatusScreen>
      </>
    );
  }

  if (!data) {
    return (
      <>
        {header}
        <p className="py-24 text-center text-sm text-neutral-500">{DASHBOARD_MESSAGES.empty}</p>
      </>
    );
  }

  const { stats } = data;
  return (
    <>
      {header}
      <div className="space-y-6">
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard
            label="Total Users"
            value={stats.totalUsers}
            detail={`${stats.activeUsers} active`}
            icon={Users}
            accent="emerald"
          />
          <StatCard
            label="Total Matches"
            value={stats.totalMatches}
            detail={`${stats.completedMatches} completed`}
            icon={CalendarCheck}
            accent="sky"
          />
          <StatCard
            label="Total Tournaments"
            value={stats.totalTournaments}
            detail={`${stats.completedTournaments} completed`}
            icon={Trophy}
            accent="amber"
          />
          <StatCard
            label="Community Posts"
            value={stats.communityPosts}
            detail="Total posts"
            icon={MessageSquareText}
            accent="violet"
          />
        </div>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <MatchesChart data={data.chartData.matchesChartData} />
          </div>
          <div className="lg:col-span-2">
            <PlayerRolesChart data={data.chartData.playerRoleData} />
          </div>
        </div>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <RecentMatches matches={data.recentMatches} />
          <RecentUsers users={data.recentUsers} />
        </div>

        <PlayerPerformanceTable rows={data.playerPerformance} />
      </div>
    </>
  );
}

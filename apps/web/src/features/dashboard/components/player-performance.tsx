import { DASHBOARD_MESSAGES, performanceLabel } from '@cricket/contracts';
import { DataTable, type Column } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { PlayerPerformance as Row } from '../api/get-dashboard';

const columns: Column<Row>[] = [
  {
    id: 'player',
    header: 'Player',
    cell: (row) => <span className="font-medium text-neutral-900">{row.player}</span>,
  },
  { id: 'runs', header: 'Runs', cell: (row) => row.runs },
  { id: 'wickets', header: 'Wickets', cell: (row) => row.wickets },
  { id: 'matches', header: 'Matches', cell: (row) => row.matches },
  {
    id: 'performance',
    header: 'Performance',
    cell: (row) => {
      const label = performanceLabel(row);
      return <Badge tone={label === 'Excellent' ? 'green' : 'blue'}>{label}</Badge>;
    },
  },
];

export function PlayerPerformanceTable({ rows }: { rows: Row[] }) {
  return (
    <Card title="Top Player Performance" flush>
      <DataTable
        label="Top Player Performance"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.playerId}
        emptyText={DASHBOARD_MESSAGES.playerPerformanceEmpty}
      />
    </Card>
  );
}

import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card } from '@/components/ui/card';
import type { DashboardData } from '../api/get-dashboard';

type ChartData = DashboardData['chartData'];

const ROLE_COLOURS = [
  'var(--color-primary-700)',
  'var(--color-info-600)',
  'var(--color-warning-600)',
  'var(--color-accent-600)',
  'var(--color-danger-600)',
  'var(--color-neutral-600)',
];

/** Recharts draws its tooltip white with inherited text: in the theme's colours instead. */
const tooltipStyle = {
  background: 'var(--color-surface)',
  borderColor: 'var(--color-neutral-200)',
  color: 'var(--color-neutral-900)',
};
const CHART_HEIGHT = 280;

/**
 * What a chart shows, as a table for screen readers; the drawing itself is hidden from them,
 * since recharts' SVG has no text a reader can make sense of.
 */
function ChartTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: [string, string];
  rows: [string, number][];
}) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{headers[0]}</th>
          <th scope="col">{headers[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function NoChartData() {
  return (
    <p
      className="flex items-center justify-center text-sm text-neutral-500"
      style={{ height: CHART_HEIGHT }}
    >
      No data available
    </p>
  );
}

export function MatchesChart({ data }: { data: ChartData['matchesChartData'] }) {
  return (
    <Card title="Matches Played (Last 6 Months)">
      {data.length === 0 ? (
        <NoChartData />
      ) : (
        <>
          <ChartTable
            caption="Matches played per month, last 6 months"
            headers={['Month', 'Matches']}
            rows={data.map((d) => [d.month, d.matches])}
          />
          <div aria-hidden="true">
            <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
              <BarChart
                accessibilityLayer={false}
                data={data}
                margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
              >
                <CartesianGrid
                  strokeDasharray="3 3"
                  vertical={false}
                  stroke="var(--color-neutral-200)"
                />
                <XAxis
                  dataKey="month"
                  tickLine={false}
                  axisLine={false}
                  fontSize={12}
                  stroke="var(--color-neutral-500)"
                />
                <YAxis
                  allowDecimals={false}
                  tickLine={false}
                  axisLine={false}
                  fontSize={12}
                  stroke="var(--color-neutral-500)"
                />
                <Tooltip
                  cursor={{ fill: 'var(--color-neutral-100)' }}
                  contentStyle={tooltipStyle}
                />
                <Bar
                  dataKey="matches"
                  name="Matches"
                  fill="var(--color-primary-700)"
                  radius={[6, 6, 0, 0]}
                  maxBarSize={48}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </>
      )}
    </Card>
  );
}

export function PlayerRolesChart({ data }: { data: ChartData['playerRoleData'] }) {
  return (
    <Card title="Player Roles Distribution">
      {data.length === 0 ? (
        <NoChartData />
      ) : (
        <>
          <ChartTable
            caption="Players per player role"
            headers={['Role', 'Players']}
            rows={data.map((d) => [d.name, d.value])}
          />
          <div aria-hidden="true">
            <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
              <PieChart accessibilityLayer={false}>
                <Pie
                  rootTabIndex={-1}
                  data={data}
                  dataKey="value"
                  nameKey="name"
                  innerRadius="45%"
                  outerRadius="75%"
                  paddingAngle={2}
                >
                  {data.map((entry, index) => (
                    <Cell key={entry.name} fill={ROLE_COLOURS[index % ROLE_COLOURS.length]} />
                  ))}
                </Pie>
                <Tooltip contentStyle={tooltipStyle} />
                <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} />
              </PieChart>
            </ResponsiveContainer>
          </div>
        </>
      )}
    </Card>
  );
}

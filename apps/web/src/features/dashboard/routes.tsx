import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/** Spec §2: the dashboard is the home page. Its chunk is the only one carrying recharts. */
export const dashboardRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="dashboard.view" />,
    children: [
      {
        index: true,
        handle: { title: 'Dashboard' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/dashboard-page'), 'DashboardPage'),
      },
    ],
  },
];

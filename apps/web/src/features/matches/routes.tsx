import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';

/** The matches the dashboard summarises; its 'View All' opens this list (spec §2 links here). */
export const matchesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="matches.view" />,
    children: [
      {
        path: 'matches',
        lazy: lazyPage(() => import('./components/matches-page'), 'MatchesPage'),
      },
    ],
  },
];

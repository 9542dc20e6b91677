import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/** Spec §2: the teams list and a team's details (`/teams/view?id=42`). */
export const teamsRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="teams.view" />,
    children: [
      {
        path: 'teams',
        handle: { title: 'Teams' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/teams-page'), 'TeamsPage'),
      },
      {
        path: 'teams/view',
        handle: { title: 'Team Details' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/team-details-page'), 'TeamDetailsPage'),
      },
    ],
  },
];

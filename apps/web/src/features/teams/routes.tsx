import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';

/** Spec §2: the teams list and a team's details (`/teams/view?id=42`). */
export const teamsRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="teams.view" />,
    children: [
      {
        path: 'teams',
        lazy: { Component: async () => (await import('./components/teams-page')).TeamsPage },
      },
      {
        path: 'teams/view',
        lazy: {
          Component: async () => (await import('./components/team-details-page')).TeamDetailsPage,
        },
      },
    ],
  },
];

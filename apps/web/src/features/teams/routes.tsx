import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { RequirePermission } from '@/components/require-permission';

/** Spec §2: the teams list and a team's details (id in navigation state). Not built yet: each path shows the placeholder page. */
export const teamsRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="teams.view" />,
    children: [
      { path: 'teams', element: <PlaceholderPage /> },
      { path: 'teams/view', element: <PlaceholderPage /> },
    ],
  },
];

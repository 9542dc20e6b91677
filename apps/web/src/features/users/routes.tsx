import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { RequirePermission } from '@/components/require-permission';

/** Spec §2: the users list and a user's profile (id in navigation state). Not built yet: each path shows the placeholder page. */
export const usersRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="users.view" />,
    children: [
      { path: 'users', element: <PlaceholderPage /> },
      { path: 'users/view', element: <PlaceholderPage /> },
    ],
  },
];

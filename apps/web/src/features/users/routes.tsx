import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';

/** Spec §2: the users list and a user's profile; the profile takes its id from the URL (?id=N). */
export const usersRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="users.view" />,
    children: [
      {
        path: 'users',
        lazy: lazyPage(() => import('./components/users-page'), 'UsersPage'),
      },
      {
        path: 'users/view',
        lazy: lazyPage(() => import('./components/user-profile-page'), 'UserProfilePage'),
      },
    ],
  },
];

import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/** Spec §2: the users list and a user's profile; the profile takes its id from the URL (?id=N). */
export const usersRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="users.view" />,
    children: [
      {
        path: 'users',
        handle: { title: 'Users' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/users-page'), 'UsersPage'),
      },
      {
        path: 'users/view',
        handle: { title: 'User Profile' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/user-profile-page'), 'UserProfilePage'),
      },
    ],
  },
];

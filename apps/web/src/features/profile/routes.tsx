import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/** Spec §2: the signed-in user's Account Details; every signed-in user may open it. */
export const profileRoutes: RouteObject[] = [
  {
    path: 'profile',
    handle: { title: 'Account Details', crumb: 'Profile' } satisfies RouteHandle,
    lazy: lazyPage(() => import('./components/profile-page'), 'ProfilePage'),
  },
];

import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** Spec §2: the signed-in user's Account Details; every signed-in user may open it. */
export const profileRoutes: RouteObject[] = [
  {
    path: 'profile',
    lazy: lazyPage(() => import('./components/profile-page'), 'ProfilePage'),
  },
];

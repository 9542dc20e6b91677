import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';

/** Spec §2: /login, shown in the public layout to signed-out visitors only. */
export const authRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: lazyPage(() => import('./components/login-page'), 'LoginPage'),
  },
];

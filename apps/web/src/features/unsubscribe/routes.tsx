import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/**
 * /u/{token}: the preference page an unsubscribe link opens (decision 052). Public: no sign-in,
 * and a signed-in visitor sees it the same.
 */
export const unsubscribeRoutes: RouteObject[] = [
  {
    path: 'u/:token',
    lazy: lazyPage(() => import('./components/preferences-page'), 'PreferencesPage'),
    handle: { title: 'Preferences' } satisfies RouteHandle,
  },
];

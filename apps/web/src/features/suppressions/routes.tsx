import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/** Issue 32: Messaging › Suppressions. */
export const suppressionsRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="messaging.view" />,
    children: [
      {
        path: 'suppressions',
        handle: { title: 'Suppressions', crumb: 'Suppressions' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/suppressions-page'), 'SuppressionsPage'),
      },
    ],
  },
];

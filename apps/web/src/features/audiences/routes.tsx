import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/** Saved audiences (issue 36). */
export const audiencesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="audiences.view" />,
    children: [
      {
        path: 'audiences',
        handle: { title: 'Audiences', crumb: 'Audiences' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/audiences-page'), 'AudiencesPage'),
      },
    ],
  },
];

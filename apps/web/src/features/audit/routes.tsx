import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/** Settings › Activity Log: the audit trail of every change (issue 13). */
export const auditRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="audit.view" />,
    children: [
      {
        path: 'activity-log',
        handle: { title: 'Activity Log' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/activity-log-page'), 'ActivityLogPage'),
      },
    ],
  },
];

import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';

/** Settings › Activity Log: the audit trail of every change (issue 13). */
export const auditRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="audit.view" />,
    children: [
      {
        path: 'activity-log',
        lazy: lazyPage(() => import('./components/activity-log-page'), 'ActivityLogPage'),
      },
    ],
  },
];

import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/** Issue 32: Settings › Messaging topics. */
export const messagingRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="messaging.view" />,
    children: [
      {
        path: 'messaging-topics',
        handle: { title: 'Messaging topics' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/topics-page'), 'TopicsPage'),
      },
    ],
  },
];

import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/** Spec §2: Roles & Permissions; a role without roles.view sees the not-allowed page. */
export const rolesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="roles.view" />,
    children: [
      {
        path: 'roles',
        handle: { title: 'Roles & Permissions' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/roles-page'), 'RolesPage'),
      },
    ],
  },
];

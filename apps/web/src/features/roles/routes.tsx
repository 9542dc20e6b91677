import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { RequirePermission } from '@/components/require-permission';

/** Spec §2: Roles & Permissions. Not built yet: each path shows the placeholder page. */
export const rolesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="roles.view" />,
    children: [{ path: 'roles', element: <PlaceholderPage /> }],
  },
];

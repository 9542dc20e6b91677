import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/** Spec §2: WhatsApp template categories. */
export const waCategoriesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="wa_template_categories.view" />,
    children: [
      {
        path: 'wa-template-categories',
        handle: {
          title: 'Template Categories',
          crumb: 'WA Template Categories',
        } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/categories-page'), 'CategoriesPage'),
      },
    ],
  },
];

import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';

/** Spec §2: WhatsApp template categories. */
export const waCategoriesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="wa_template_categories.view" />,
    children: [
      {
        path: 'wa-template-categories',
        lazy: lazyPage(() => import('./components/categories-page'), 'CategoriesPage'),
      },
    ],
  },
];

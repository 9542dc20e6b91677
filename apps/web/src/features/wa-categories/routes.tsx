import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { RequirePermission } from '@/components/require-permission';

/** Spec §2: WhatsApp template categories. Not built yet: each path shows the placeholder page. */
export const waCategoriesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="wa_template_categories.view" />,
    children: [{ path: 'wa-template-categories', element: <PlaceholderPage /> }],
  },
];

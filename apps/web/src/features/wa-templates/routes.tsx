import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { RequirePermission } from '@/components/require-permission';

/** Spec §2: WhatsApp templates and the row link target. Not built yet: each path shows the placeholder page. */
export const waTemplatesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="wa_templates.view" />,
    children: [
      { path: 'wa-templates', element: <PlaceholderPage /> },
      { path: 'wa/templates/view/:id', element: <PlaceholderPage /> },
    ],
  },
];

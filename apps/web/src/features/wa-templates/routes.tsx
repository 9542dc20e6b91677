import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';

/** Spec §2: WhatsApp templates and a template's own page (the row link target). */
export const waTemplatesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="wa_templates.view" />,
    children: [
      {
        path: 'wa-templates',
        lazy: lazyPage(() => import('./components/templates-page'), 'TemplatesPage'),
      },
      {
        path: 'wa/templates/view/:id',
        lazy: lazyPage(() => import('./components/template-view-page'), 'TemplateViewPage'),
      },
    ],
  },
];

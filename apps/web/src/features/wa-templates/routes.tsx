import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/** Spec §2: WhatsApp templates and a template's own page (the row link target). */
export const waTemplatesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="wa_templates.view" />,
    children: [
      {
        path: 'wa-templates',
        handle: { title: 'WhatsApp Templates', crumb: 'WA Templates' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/templates-page'), 'TemplatesPage'),
      },
      {
        path: 'wa/templates/view/:id',
        // Spec §2 names this path; only its last segment is a page. 'Templates' leads to the
        // list the template belongs to, the others are words.
        handle: {
          title: 'WhatsApp Template',
          crumbs: {
            '/wa': { label: 'WA' },
            '/wa/templates': { label: 'Templates', to: '/wa-templates' },
            '/wa/templates/view': { label: 'View' },
          },
        } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/template-view-page'), 'TemplateViewPage'),
      },
    ],
  },
];

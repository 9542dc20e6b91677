import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/**
 * Spec §2: the email templates list. A template's view (/email-templates/{id}) and edit
 * (/email-templates/{id}/edit) panels open over the same list, which stays mounted.
 */
export const emailTemplatesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="email_templates.view" />,
    children: [
      {
        path: 'email-templates',
        handle: { title: 'Email Templates' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/email-templates-page'), 'EmailTemplatesPage'),
        children: [
          { path: ':id', element: null },
          { path: ':id/edit', element: null },
        ],
      },
    ],
  },
];

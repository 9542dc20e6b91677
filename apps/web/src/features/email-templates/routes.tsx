import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { RequirePermission } from '@/components/require-permission';

/** Spec §2: email templates and the link targets for one template. Not built yet: each path shows the placeholder page. */
export const emailTemplatesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="email_templates.view" />,
    children: [
      { path: 'email-templates', element: <PlaceholderPage /> },
      { path: 'email-templates/:id', element: <PlaceholderPage /> },
      { path: 'email-templates/:id/edit', element: <PlaceholderPage /> },
    ],
  },
];

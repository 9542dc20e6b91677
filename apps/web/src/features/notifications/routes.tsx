import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { RequirePermission } from '@/components/require-permission';

/** Spec §2: notification templates and sending. Not built yet: both show the placeholder page. */
export const notificationsRoutes: RouteObject[] = [
  {
    path: 'notification-templates',
    element: (
      <RequirePermission permission="notification_templates.view">
        <PlaceholderPage />
      </RequirePermission>
    ),
  },
  {
    path: 'send-notification',
    element: (
      <RequirePermission permission="notifications.send">
        <PlaceholderPage />
      </RequirePermission>
    ),
  },
];

import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/** Spec §2: notification templates and sending, plus the sends and their deliveries. */
export const notificationsRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="notification_templates.view" />,
    children: [
      {
        path: 'notification-templates',
        handle: { title: 'Notification Templates' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/templates-page'), 'TemplatesPage'),
      },
    ],
  },
  {
    element: <RequirePermission permission="notifications.send" />,
    children: [
      {
        path: 'send-notification',
        handle: { title: 'Send Notification' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/send-notification-page'), 'SendNotificationPage'),
      },
      {
        // Opened from an approved WhatsApp template's Send action (issue 31).
        path: 'send-whatsapp',
        handle: { title: 'Send WhatsApp Template', crumb: 'Send WhatsApp' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/whatsapp-send-page'), 'WhatsAppSendPage'),
      },
    ],
  },
  {
    element: <RequirePermission permission="notifications.view" />,
    children: [
      {
        path: 'sent-notifications',
        handle: { title: 'Sent Notifications' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/sends-page'), 'SendsPage'),
      },
      {
        path: 'sent-notifications/view',
        handle: { title: 'Notification Send' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/send-details-page'), 'SendDetailsPage'),
      },
    ],
  },
];

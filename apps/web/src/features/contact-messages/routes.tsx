import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';

/** Spec §2: contact messages, under Support. */
export const contactMessagesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="contact_messages.view" />,
    children: [
      {
        path: 'support',
        lazy: lazyPage(() => import('./components/contact-messages-page'), 'ContactMessagesPage'),
      },
    ],
  },
];

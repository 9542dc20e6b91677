import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/** Spec §2: contact messages, under Support. */
export const contactMessagesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="contact_messages.view" />,
    children: [
      {
        path: 'support',
        handle: { title: 'Contact Messages', crumb: 'Support' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/contact-messages-page'), 'ContactMessagesPage'),
      },
    ],
  },
];

import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { RequirePermission } from '@/components/require-permission';

/** Spec §2: contact messages, under Support. Not built yet: each path shows the placeholder page. */
export const contactMessagesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="contact_messages.view" />,
    children: [{ path: 'support', element: <PlaceholderPage /> }],
  },
];

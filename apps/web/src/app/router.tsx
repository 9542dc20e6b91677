import { createBrowserRouter, type RouteObject } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { auditRoutes } from '@/features/audit/routes';
import { authRoutes } from '@/features/auth/routes';
import { contactMessagesRoutes } from '@/features/contact-messages/routes';
import { dashboardRoutes } from '@/features/dashboard/routes';
import { emailTemplatesRoutes } from '@/features/email-templates/routes';
import { matchesRoutes } from '@/features/matches/routes';
import { notificationsRoutes } from '@/features/notifications/routes';
import { profileRoutes } from '@/features/profile/routes';
import { rolesRoutes } from '@/features/roles/routes';
import { teamsRoutes } from '@/features/teams/routes';
import { usersRoutes } from '@/features/users/routes';
import { waCategoriesRoutes } from '@/features/wa-categories/routes';
import { waTemplatesRoutes } from '@/features/wa-templates/routes';
import { PublicLayout } from './layouts/public-layout';
import { ErrorPage } from './pages/error-page';
import { NotFoundPage } from './pages/not-found-page';
import { FullScreenSpinner, RedirectIfSignedIn, RequireSession } from './session-guards';
import { lazyPage } from '@/lib/lazy-page';

/** Link targets the spec names without a screen of their own (spec §2 route table). */
const linkTargetRoutes: RouteObject[] = ['terms-and-conditions', 'privacy-policy'].map((path) => ({
  path,
  element: <PlaceholderPage />,
}));

/** The screens inside the shell: every feature's routes, then not-found for the rest. */
const shellRoutes: RouteObject[] = [
  ...dashboardRoutes,
  ...matchesRoutes,
  ...profileRoutes,
  ...usersRoutes,
  ...teamsRoutes,
  ...rolesRoutes,
  ...auditRoutes,
  ...emailTemplatesRoutes,
  ...notificationsRoutes,
  ...contactMessagesRoutes,
  ...waTemplatesRoutes,
  ...waCategoriesRoutes,
  ...linkTargetRoutes,
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter([
  {
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [{ element: <PublicLayout />, children: authRoutes }],
      },
      {
        element: <RequireSession />,
        children: [
          // Spec §2: /verify-otp shows without the logo header, like /login.
          {
            element: <PublicLayout />,
            children: [{ path: 'verify-otp', element: <PlaceholderPage /> }],
          },
          {
            // Lazy: the shell's Radix menus and dialogs stay out of the login page's download.
            lazy: lazyPage(() => import('./layouts/protected-layout'), 'ProtectedLayout'),
            // A failing screen keeps the shell around its error page.
            children: [{ errorElement: <ErrorPage />, children: shellRoutes }],
          },
        ],
      },
    ],
  },
]);

import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';
import { auditRoutes } from '@/features/audit/routes';
import { audiencesRoutes } from '@/features/audiences/routes';
import { authRoutes } from '@/features/auth/routes';
import { contactMessagesRoutes } from '@/features/contact-messages/routes';
import { dashboardRoutes } from '@/features/dashboard/routes';
import { emailTemplatesRoutes } from '@/features/email-templates/routes';
import { matchesRoutes } from '@/features/matches/routes';
import { messagingRoutes } from '@/features/messaging/routes';
import { notificationsRoutes } from '@/features/notifications/routes';
import { profileRoutes } from '@/features/profile/routes';
import { rolesRoutes } from '@/features/roles/routes';
import { suppressionsRoutes } from '@/features/suppressions/routes';
import { teamsRoutes } from '@/features/teams/routes';
import { unsubscribeRoutes } from '@/features/unsubscribe/routes';
import { availabilityRoutes } from '@/features/matches/routes';
import { usersRoutes } from '@/features/users/routes';
import { waCategoriesRoutes } from '@/features/wa-categories/routes';
import { waTemplatesRoutes } from '@/features/wa-templates/routes';
import { PublicLayout } from './layouts/public-layout';
import { ErrorPage } from './pages/error-page';
import { NotFoundPage } from './pages/not-found-page';
import { FullScreenSpinner, RedirectIfSignedIn, RequireSession } from './session-guards';
import { lazyPage } from '@/lib/lazy-page';
import { useDocumentTitle, type RouteHandle } from '@/lib/route-handle';

/** Link targets the spec names without a screen of their own (spec §2 route table). */
const linkTargetRoutes: RouteObject[] = [
  { path: 'terms-and-conditions', title: 'Terms and Conditions' },
  { path: 'privacy-policy', title: 'Privacy Policy' },
].map(({ path, title }) => ({
  path,
  element: <PlaceholderPage />,
  handle: { title } satisfies RouteHandle,
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
  ...audiencesRoutes,
  ...suppressionsRoutes,
  ...contactMessagesRoutes,
  ...waTemplatesRoutes,
  ...waCategoriesRoutes,
  ...messagingRoutes,
  ...linkTargetRoutes,
  {
    path: '*',
    element: <NotFoundPage />,
    handle: { title: 'Page not found' } satisfies RouteHandle,
  },
];

/** Every page's tab title, from its route's handle: one place instead of one per screen. */
function TitledPages() {
  useDocumentTitle();
  return <Outlet />;
}

export const router = createBrowserRouter([
  {
    Component: TitledPages,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      // The preference page behind an unsubscribe link: for anyone holding it, signed in or not.
      { element: <PublicLayout />, children: unsubscribeRoutes },
      // The page behind a player's availability link (issue 36): the same for anyone holding it.
      { element: <PublicLayout />, children: availabilityRoutes },
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
            children: [
              {
                path: 'verify-otp',
                element: <PlaceholderPage />,
                handle: { title: 'Verify OTP' } satisfies RouteHandle,
              },
            ],
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

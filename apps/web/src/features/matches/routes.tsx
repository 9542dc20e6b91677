import type { RouteObject } from 'react-router';
import { RequirePermission } from '@/components/require-permission';
import { lazyPage } from '@/lib/lazy-page';
import type { RouteHandle } from '@/lib/route-handle';

/**
 * The matches the dashboard summarises; its 'View All' opens this list (spec §2 links here).
 * The tournaments they belong to have their own list, and each its page: fixtures, results and
 * the points table (issue 36).
 */
export const matchesRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="matches.view" />,
    children: [
      {
        path: 'matches',
        handle: { title: 'Matches' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/matches-page'), 'MatchesPage'),
      },
      {
        path: 'tournaments',
        handle: { title: 'Tournaments' } satisfies RouteHandle,
        lazy: lazyPage(() => import('./components/tournaments-page'), 'TournamentsPage'),
      },
      {
        path: 'tournaments/view',
        handle: { title: 'Tournament' } satisfies RouteHandle,
        lazy: lazyPage(
          () => import('./components/tournament-details-page'),
          'TournamentDetailsPage',
        ),
      },
    ],
  },
];

/**
 * /availability/{token}: the page a player's availability link opens (issue 36). Public: no
 * sign-in, and a signed-in visitor sees it the same.
 */
export const availabilityRoutes: RouteObject[] = [
  {
    path: 'availability/:token',
    lazy: lazyPage(() => import('./components/availability-page'), 'AvailabilityPage'),
    handle: { title: 'Availability' } satisfies RouteHandle,
  },
];

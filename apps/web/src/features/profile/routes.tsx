import type { RouteObject } from 'react-router';

/** Spec §2: the signed-in user's Account Details; every signed-in user may open it. */
export const profileRoutes: RouteObject[] = [
  {
    path: 'profile',
    lazy: { Component: async () => (await import('./components/profile-page')).ProfilePage },
  },
];

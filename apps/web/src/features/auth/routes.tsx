import type { RouteObject } from 'react-router';

/** Spec §2: /login, shown in the public layout to signed-out visitors only. */
export const authRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: { Component: async () => (await import('./components/login-page')).LoginPage },
  },
];

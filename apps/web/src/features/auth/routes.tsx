import type { RouteObject } from 'react-router';
import type { RouteHandle } from '@/lib/route-handle';
import { LoginPage } from './components/login-page';

/**
 * Spec §2: /login, shown in the public layout to signed-out visitors only. It is the first
 * screen of every signed-out visit, so it ships in the entry chunk: no second round trip
 * before it paints. Its rules (zod) and the device parser still load apart, when needed.
 */
export const authRoutes: RouteObject[] = [
  { path: 'login', Component: LoginPage, handle: { title: 'Login' } satisfies RouteHandle },
];

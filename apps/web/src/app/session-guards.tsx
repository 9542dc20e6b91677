import { Navigate, Outlet, useLocation } from 'react-router';
import { LogoMark } from '@/components/logo';
import { Spinner } from '@/components/ui/spinner';
import { loginHref, returnPath } from '@/lib/return-path';
import { useSession } from '@/lib/session';

/**
 * What a first visit shows while the screen's code and the session load: the logo and a
 * spoken and written "Loading", so something meaningful paints before the first screen does.
 */
export function FullScreenSpinner() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-neutral-50 text-primary-700">
      <LogoMark className="size-12" />
      <div className="flex items-center gap-2 text-sm text-neutral-600">
        <Spinner className="size-4" />
        <span role="status">Loading</span>
      </div>
    </div>
  );
}

/**
 * Every route but /login needs a session (spec §2); the profile decides whether there is one.
 * The page asked for rides along in the sign-in address and opens after signing in.
 */
export function RequireSession() {
  const { user, isPending } = useSession();
  const { pathname, search, hash } = useLocation();
  if (isPending) return <FullScreenSpinner />;
  if (!user) return <Navigate to={loginHref(`${pathname}${search}${hash}`)} replace />;
  return <Outlet />;
}

/** /login while signed in goes to the page the sign-in address names, else the dashboard. */
export function RedirectIfSignedIn() {
  const { user, isPending } = useSession();
  const { search } = useLocation();
  if (isPending) return <FullScreenSpinner />;
  if (user) return <Navigate to={returnPath(search) ?? '/'} replace />;
  return <Outlet />;
}

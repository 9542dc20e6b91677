import { Navigate, Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';

export function FullScreenSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-neutral-50 text-primary-700">
      <Spinner label="Loading" className="size-10 border-4" />
    </div>
  );
}

/** Every route but /login needs a session (spec §2); the profile decides whether there is one. */
export function RequireSession() {
  const { user, isPending } = useSession();
  if (isPending) return <FullScreenSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** /login while signed in goes to the dashboard. */
export function RedirectIfSignedIn() {
  const { user, isPending } = useSession();
  if (isPending) return <FullScreenSpinner />;
  if (user) return <Navigate to="/" replace />;
  return <Outlet />;
}

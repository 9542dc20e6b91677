import { Outlet } from 'react-router';

/** Bare pages without the shell or logo header: /login and /verify-otp. */
export function PublicLayout() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-primary-50 via-neutral-50 to-info-50 px-4 py-10">
      <Outlet />
    </main>
  );
}

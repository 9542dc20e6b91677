import { Outlet } from 'react-router';

/** Bare pages without the shell or logo header: /login and /verify-otp. */
export function PublicLayout() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-emerald-50 via-slate-50 to-sky-50 px-4 py-10">
      <Outlet />
    </main>
  );
}

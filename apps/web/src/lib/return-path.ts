/**
 * Where sign-in returns to: a page opened while signed out (`/users?status=pending`) is kept in
 * the sign-in address as `?next=` and opened once signed in. Only a path of this site is
 * followed; anything else (`//evil.example`, `https://…`, `/\evil`) is dropped, so the sign-in
 * page cannot be made to send anyone elsewhere.
 */
const NEXT = 'next';

/** The sign-in address that returns to `path` afterwards; plain /login for the dashboard. */
export function loginHref(path: string): string {
  return path === '/' || path === '' ? '/login' : `/login?${NEXT}=${encodeURIComponent(path)}`;
}

/** The same-site path a sign-in address asks to return to, or null. */
export function returnPath(search: string): string | null {
  const raw = new URLSearchParams(search).get(NEXT);
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const base = window.location.origin;
    const url = new URL(raw, base);
    if (url.origin !== base || url.pathname === '/login') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

import type { PermissionName, ProfileUser } from '@cricket/contracts';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { hasSessionCookie, onUnauthorized, request } from './http';

const sessionKey = ['session'] as const;

/**
 * The token lives in an httpOnly cookie the page cannot read, so "is there a session" is
 * answered by asking for the profile. Any failure counts as signed out (spec §4: a profile
 * load failure logs the user out). Without the session's cookies nobody is signed in, and the
 * question is not asked: a signed-out visitor's first screen waits for no request and logs no 401.
 */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: async ({ signal }): Promise<ProfileUser | null> => {
    if (!hasSessionCookie()) return null;
    try {
      const body = await request<{ user: ProfileUser }>('/user/profile', { signal });
      return body.data.user;
    } catch (error) {
      if (signal.aborted) throw error;
      return null;
    }
  },
  staleTime: 5 * 60 * 1000,
  retry: false,
});

/** Forget the signed-in user and every cached screen so nothing leaks to the next sign-in. */
export function clearSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
  queryClient.setQueryData(sessionKey, null);
}

/** Refetch the profile after signing in; resolves once the guards can see the user. */
export function reloadSession(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sessionKey });
}

/** Wires the HTTP client's 401 signal to the session: the guards then redirect to /login. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  useEffect(() => onUnauthorized(() => clearSession(queryClient)), [queryClient]);
  return children;
}

export function useSession() {
  const { data, isPending } = useQuery(sessionQuery);
  return { user: data ?? null, isPending };
}

/** Whether the signed-in role holds a permission; menus and buttons hide what it lacks. */
export function useCan(permission: PermissionName): boolean {
  const { user } = useSession();
  return user?.permissions.includes(permission) ?? false;
}

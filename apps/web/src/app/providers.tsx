import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, doneEarlier } from '@/lib/http';
import { SessionProvider, sessionQuery } from '@/lib/session';
import { AppToaster } from '@/lib/toast';
import { auditLogKeys } from '@/lib/query-keys';

const queryClient: QueryClient = new QueryClient({
  // Every accepted change writes an audit record (decision 021): History sections and the
  // Activity Log read it again, whichever screen made the change.
  mutationCache: new MutationCache({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditLogKeys.all }),
    // Saved by an earlier attempt whose answer was lost (decision 036): the mutation's own
    // refresh did not run, and which lists show it is not known here.
    onError: (error) => (doneEarlier(error) ? queryClient.invalidateQueries() : undefined),
  }),
  defaultOptions: {
    queries: {
      // A 4xx will not change on retry; network hiccups and 5xx get two more tries.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
        failureCount < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// Ask for the profile now, in parallel with the route chunks, rather than after they load.
void queryClient.prefetchQuery(sessionQuery);

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        <AppToaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}

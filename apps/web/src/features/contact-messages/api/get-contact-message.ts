import type { ContactThread } from '@cricket/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { contactKeys } from './keys';

/** GET /contact-messages/{id}: the message and its replies. Opening it marks it read. */
export async function getContactMessage(id: number, signal?: AbortSignal) {
  const body = await request<ContactThread>(`/contact-messages/${id}`, { signal });
  return body.data;
}

export function useContactThread(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: contactKeys.thread(id ?? 0),
    queryFn: async ({ signal }) => {
      const thread = await getContactMessage(id!, signal);
      // The server marked it read: the row and the Unread count change.
      void queryClient.invalidateQueries({ queryKey: contactKeys.lists });
      return thread;
    },
    enabled: id !== null,
  });
}

import type { ContactReply, ContactReplyValues } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, request } from '@/lib/http';
import { contactKeys } from './keys';

/** POST /contact-messages/{id}/reply: emails the sender; a failed delivery answers an error. */
export async function sendReply({ id, values }: { id: number; values: ContactReplyValues }) {
  const body = await request<{ reply: ContactReply }>(`/contact-messages/${id}/reply`, {
    method: 'POST',
    body: values,
  });
  return body.data.reply;
}

/**
 * The API answers 502 only after storing the reply as failed: it is in the thread with its
 * Retry, and sending the form again would store a second copy.
 */
export const replyKeptFailed = (error: unknown) =>
  error instanceof ApiError && error.status === 502;

/** POST /contact-messages/{id}/replies/{replyId}/retry: a failed reply, sent again. */
export async function retryReply({ id, replyId }: { id: number; replyId: number }) {
  const body = await request<{ reply: ContactReply }>(
    `/contact-messages/${id}/replies/${replyId}/retry`,
    { method: 'POST' },
  );
  return body.data.reply;
}

/** Sent or failed, the reply is in the thread now: refresh it either way. */
function useThreadMutation<V extends { id: number }>(fn: (v: V) => Promise<ContactReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: (_data, _error, v) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.thread(v.id) }),
        queryClient.invalidateQueries({ queryKey: contactKeys.lists }),
      ]),
  });
}

export const useSendReply = () => useThreadMutation(sendReply);
export const useRetryReply = () => useThreadMutation(retryReply);

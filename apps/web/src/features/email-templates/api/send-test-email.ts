import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/http';

/** POST /email-templates/{id}/test: the template, filled with your details, to your address. */
export async function sendTestEmail(id: number) {
  const body = await request<undefined>(`/email-templates/${id}/test`, { method: 'POST' });
  return body.message;
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}

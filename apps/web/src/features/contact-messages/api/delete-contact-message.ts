import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { contactKeys } from './keys';

/** DELETE /contact-messages/{id} */
export async function deleteContactMessage(id: number) {
  await request<undefined>(`/contact-messages/${id}`, { method: 'DELETE' });
}

export function useDeleteContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.lists }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { emailTemplateKeys } from './keys';

/** DELETE /email-templates/{id} */
export async function deleteEmailTemplate(id: number) {
  await request<undefined>(`/email-templates/${id}`, { method: 'DELETE' });
}

export function useDeleteEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}

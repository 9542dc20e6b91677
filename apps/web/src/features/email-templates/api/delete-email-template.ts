import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type VersionedId } from '@/lib/http';
import { emailTemplateKeys } from './keys';

/** DELETE /email-templates/{id} */
export async function deleteEmailTemplate({ id, ifMatch }: VersionedId) {
  await request<undefined>(`/email-templates/${id}`, { method: 'DELETE', ifMatch });
}

export function useDeleteEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}

import type { EmailTemplate, EmailTemplateValues } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { emailTemplateKeys } from './keys';

/** POST /email-templates, or PUT /email-templates/{id} when an id is given. */
export async function saveEmailTemplate({
  id,
  values,
}: {
  id: number | null;
  values: EmailTemplateValues;
}) {
  const body = await request<{ template: EmailTemplate }>(
    id === null ? '/email-templates' : `/email-templates/${id}`,
    { method: id === null ? 'POST' : 'PUT', body: values },
  );
  return body.data.template;
}

export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}

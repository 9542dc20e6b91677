import type { EmailTemplate, EmailTemplateValues } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { emailTemplateKeys } from './keys';

/**
 * POST /email-templates, or PUT /email-templates/{id} when an id is given, under the version the
 * form read (decision 059).
 */
export async function saveEmailTemplate({
  id,
  values,
  ifMatch,
}: {
  id: number | null;
  values: EmailTemplateValues;
  ifMatch?: string;
}) {
  const body = await request<{ template: EmailTemplate }>(
    id === null ? '/email-templates' : `/email-templates/${id}`,
    { method: id === null ? 'POST' : 'PUT', body: values, ifMatch },
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

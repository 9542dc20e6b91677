import type { EmailTemplate } from '@cricket/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { emailTemplateKeys } from './keys';

/** GET /email-templates/{id}: one template with its HTML content. */
export async function getEmailTemplate(id: number, signal?: AbortSignal) {
  const body = await request<{ template: EmailTemplate }>(`/email-templates/${id}`, { signal });
  return body.data.template;
}

export function useEmailTemplate(id: number | null) {
  return useQuery({
    queryKey: emailTemplateKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getEmailTemplate(id!, signal),
    enabled: id !== null,
  });
}

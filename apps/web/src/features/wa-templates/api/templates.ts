import type {
  UploadData,
  WaCategoriesPage,
  WaConnection,
  WaSyncResult,
  WaTemplate,
  WaTemplatesPage,
  WaTemplateValues,
} from '@cricket/contracts';
import { WA_CATEGORY_PICKER_LIMIT, WA_TEMPLATE_MESSAGES } from '@cricket/contracts';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { SortParams } from '@/components/list-page';
import { ApiError, request, type VersionedId } from '@/lib/http';
import { waTemplateKeys } from './keys';
import { waCategoryKeys } from '@/lib/query-keys';

export interface TemplatesParams extends SortParams {
  page: number;
  limit: number;
  search?: string;
  category?: string;
  type?: string;
  status?: string;
}

/** GET /wa/templates: `templates` and `pagination`. */
async function getTemplates(params: TemplatesParams, signal?: AbortSignal) {
  const body = await request<WaTemplatesPage>('/wa/templates', { query: { ...params }, signal });
  return body.data;
}

export const templatesQuery = (params: TemplatesParams) =>
  queryOptions({
    queryKey: waTemplateKeys.list(params),
    queryFn: ({ signal }) => getTemplates(params, signal),
    placeholderData: keepPreviousData,
  });

/** GET /wa/templates/{id} */
export async function getTemplate(id: number, signal?: AbortSignal) {
  const body = await request<{ template: WaTemplate }>(`/wa/templates/${id}`, { signal });
  return body.data.template;
}

export const useTemplate = (id: number | null) =>
  useQuery({
    queryKey: waTemplateKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getTemplate(id!, signal),
    enabled: id !== null,
  });

/** Spec §7: the picker asks for active categories, 100 of them, in display order. */
export const useCategoryOptions = (enabled: boolean) =>
  useQuery({
    queryKey: waCategoryKeys.picker,
    queryFn: async ({ signal }) => {
      const body = await request<WaCategoriesPage>('/wa/template-categories', {
        query: { page: 1, limit: WA_CATEGORY_PICKER_LIMIT, status: 'active' },
        signal,
      });
      return body.data.categories;
    },
    enabled,
  });

function useTemplateMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: waTemplateKeys.all }),
  });
}

export const useCreateTemplate = () =>
  useTemplateMutation(async (values: WaTemplateValues) => {
    const body = await request<{ template: WaTemplate }>('/wa/templates', {
      method: 'POST',
      body: values,
    });
    return body.data.template;
  });

export const useUpdateTemplate = () =>
  useTemplateMutation(
    async ({ id, values, ifMatch }: { id: number; values: WaTemplateValues; ifMatch?: string }) => {
      const body = await request<{ template: WaTemplate }>(`/wa/templates/${id}`, {
        method: 'PUT',
        body: values,
        ifMatch,
      });
      return body.data.template;
    },
  );

export const useDeleteTemplate = () =>
  useTemplateMutation(async ({ id, ifMatch }: VersionedId) => {
    await request<undefined>(`/wa/templates/${id}`, { method: 'DELETE', ifMatch });
  });

/** POST /media/upload with type whatsapp_templates; resolves to the stored file's URL. */
export const useUploadMedia = () =>
  useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('type', 'whatsapp_templates');
      form.append('files', file);
      const body = await request<UploadData>('/media/upload', { method: 'POST', body: form });
      const url = body.data.files[0]?.url;
      if (!url) throw new ApiError(200, WA_TEMPLATE_MESSAGES.mediaUploadFailed);
      return url;
    },
  });

/** GET /wa/connection: whether WhatsApp decides the statuses of submitted templates. */
export const useWhatsAppConnection = () =>
  useQuery({
    queryKey: waTemplateKeys.connection,
    queryFn: async ({ signal }) => (await request<WaConnection>('/wa/connection', { signal })).data,
    // Read from settings at the server's start: it does not change while the page is open.
    staleTime: Infinity,
  });

/** POST /wa/templates/{id}/submit */
export const useSubmitTemplate = () =>
  useTemplateMutation(async (id: number) => {
    const body = await request<{ template: WaTemplate }>(`/wa/templates/${id}/submit`, {
      method: 'POST',
    });
    return body.data.template;
  });

/** POST /wa/templates/sync: the answer's message and what changed or is only at Meta. */
export const useSyncTemplates = () =>
  useTemplateMutation(async () => {
    const body = await request<WaSyncResult>('/wa/templates/sync', { method: 'POST' });
    return { message: body.message, result: body.data };
  });

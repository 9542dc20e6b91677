import type {
  NotificationTemplate,
  NotificationTemplateValues,
  Pagination,
} from '@cricket/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SortParams } from '@/components/list-page';
import { request, type VersionedId } from '@/lib/http';
import { notificationKeys } from './keys';

type TemplatesPage = { data: NotificationTemplate[]; pagination: Pagination };

export interface TemplatesParams extends SortParams {
  page: number;
  limit: number;
  name?: string;
  subject?: string;
  type?: string;
  status?: string;
}

/** GET /notifications/templates */
export const templatesQuery = (params: TemplatesParams) =>
  queryOptions({
    queryKey: notificationKeys.templates(params),
    queryFn: async ({ signal }) =>
      (await request<TemplatesPage>('/notifications/templates', { query: { ...params }, signal }))
        .data,
    placeholderData: keepPreviousData,
  });

export interface TemplateNamesParams {
  page: number;
  limit: number;
  search?: string;
  template_id?: number;
}

/** GET /notifications/templates/name (the send form's picker) */
export const templateNamesQuery = (params: TemplateNamesParams) =>
  queryOptions({
    queryKey: notificationKeys.templateNames(params),
    queryFn: async ({ signal }) =>
      (
        await request<TemplatesPage>('/notifications/templates/name', {
          query: { ...params },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

/** GET /notifications/templates/{id}: one template as stored now. */
export async function getTemplate(id: number) {
  return (await request<{ template: NotificationTemplate }>(`/notifications/templates/${id}`)).data
    .template;
}

/**
 * POST /notifications/templates, or PUT /notifications/templates/{id} with an id, under the
 * version the form read (decision 059).
 */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      values,
      ifMatch,
    }: {
      id?: number;
      values: NotificationTemplateValues;
      ifMatch?: string;
    }) =>
      (
        await request<{ template: NotificationTemplate }>(
          id ? `/notifications/templates/${id}` : '/notifications/templates',
          { method: id ? 'PUT' : 'POST', body: values, ifMatch },
        )
      ).data.template,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** DELETE /notifications/templates/{id} */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ifMatch }: VersionedId) => {
      await request<undefined>(`/notifications/templates/${id}`, { method: 'DELETE', ifMatch });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

import type { WaCategoriesPage, WaCategory, WaCategoryValues } from '@cricket/contracts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SortParams } from '@/components/list-page';
import { request, type VersionedId } from '@/lib/http';
import { waCategoryKeys } from './keys';
import { waTemplateKeys } from '@/lib/query-keys';

export interface CategoriesParams extends SortParams {
  page: number;
  limit: number;
  search?: string;
  status?: string;
}

/** GET /wa/template-categories: `categories` and `pagination`. */
export async function getCategories(params: CategoriesParams, signal?: AbortSignal) {
  const body = await request<WaCategoriesPage>('/wa/template-categories', {
    query: { ...params },
    signal,
  });
  return body.data;
}

export const categoriesQuery = (params: CategoriesParams) =>
  queryOptions({
    queryKey: waCategoryKeys.list(params),
    queryFn: ({ signal }) => getCategories(params, signal),
    placeholderData: keepPreviousData,
  });

/** POST /wa/template-categories */
async function createCategory(values: WaCategoryValues) {
  const body = await request<{ category: WaCategory }>('/wa/template-categories', {
    method: 'POST',
    body: values,
  });
  return body.data.category;
}

/** GET /wa/template-categories/{_id}: the category as stored now (an edit conflict's Reload). */
export async function getCategory(id: number) {
  return (await request<{ category: WaCategory }>(`/wa/template-categories/${id}`)).data.category;
}

/** PUT /wa/template-categories/{_id} */
async function updateCategory({
  id,
  values,
  ifMatch,
}: {
  id: number;
  values: WaCategoryValues;
  ifMatch?: string;
}) {
  const body = await request<{ category: WaCategory }>(`/wa/template-categories/${id}`, {
    method: 'PUT',
    body: values,
    ifMatch,
  });
  return body.data.category;
}

/** DELETE /wa/template-categories/{_id} */
async function deleteCategory({ id, ifMatch }: VersionedId) {
  await request<undefined>(`/wa/template-categories/${id}`, { method: 'DELETE', ifMatch });
}

function useCategoryMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The template screens' category picker and names read categories too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: waCategoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: waTemplateKeys.all }),
      ]),
  });
}

export const useCreateCategory = () => useCategoryMutation(createCategory);
export const useUpdateCategory = () => useCategoryMutation(updateCategory);
export const useDeleteCategory = () => useCategoryMutation(deleteCategory);

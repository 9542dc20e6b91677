import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { teamKeys } from './keys';

/** DELETE /teams/{id} */
export async function deleteTeam(id: number) {
  await request<undefined>(`/teams/${id}`, { method: 'DELETE' });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

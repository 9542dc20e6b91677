import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type VersionedId } from '@/lib/http';
import { teamKeys } from './keys';

/** DELETE /teams/{id} */
export async function deleteTeam({ id, ifMatch }: VersionedId) {
  await request<undefined>(`/teams/${id}`, { method: 'DELETE', ifMatch });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { teamKeys } from './keys';

/** DELETE /teams/{id}/players/{playerId} */
export async function removeTeamPlayer({ teamId, playerId }: { teamId: number; playerId: number }) {
  await request<undefined>(`/teams/${teamId}/players/${playerId}`, { method: 'DELETE' });
}

export function useRemoveTeamPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTeamPlayer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

import type { TeamPlayerInput } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { teamKeys } from './keys';

/** PUT /teams/{id}/players/{playerId} */
export async function updateTeamPlayer({
  teamId,
  playerId,
  body,
}: {
  teamId: number;
  playerId: number;
  body: TeamPlayerInput;
}) {
  await request<undefined>(`/teams/${teamId}/players/${playerId}`, { method: 'PUT', body });
}

export function useUpdateTeamPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamPlayer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

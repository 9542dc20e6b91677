import type { AddTeamPlayersInput } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { teamKeys } from './keys';

/** POST /teams/{id}/players/multiple: all of them are added, or none. */
export async function addTeamPlayers({
  teamId,
  body,
}: {
  teamId: number;
  body: AddTeamPlayersInput;
}) {
  await request<{ added: number }>(`/teams/${teamId}/players/multiple`, { method: 'POST', body });
}

export function useAddTeamPlayers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTeamPlayers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

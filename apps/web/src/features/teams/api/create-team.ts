import type { Team, TeamValues } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { teamKeys } from './keys';

/** POST /teams */
export async function createTeam(values: TeamValues) {
  const body = await request<{ team: Team }>('/teams', { method: 'POST', body: values });
  return body.data.team;
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

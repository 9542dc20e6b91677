import type { Team, TeamValues } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/http';
import { teamKeys } from './keys';

/** PUT /teams/{id}, under the version the form read (decision 059). */
export async function updateTeam({
  id,
  values,
  ifMatch,
}: {
  id: number;
  values: TeamValues;
  ifMatch?: string;
}) {
  const body = await request<{ team: Team }>(`/teams/${id}`, {
    method: 'PUT',
    body: values,
    ifMatch,
  });
  return body.data.team;
}

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

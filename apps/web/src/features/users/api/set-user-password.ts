import type { UserPasswordForm } from '@cricket/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/http';

/** PUT /users/{id}/password: the user is signed out of their other sessions. */
export async function setUserPassword({
  id,
  body,
}: {
  id: number;
  body: UserPasswordForm;
}): Promise<void> {
  await request(`/users/${id}/password`, { method: 'PUT', body });
}

export function useSetUserPassword() {
  return useMutation({ mutationFn: setUserPassword });
}

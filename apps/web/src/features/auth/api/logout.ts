import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { request } from '@/lib/http';
import { clearSession } from '@/lib/session';

/** POST /user/logout: revokes the session and clears the cookies. */
export async function logout(): Promise<void> {
  await request<undefined>('/user/logout', { method: 'POST' });
}

/** Signs out; the screen forgets the user even if the call fails (e.g. already expired). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession(queryClient);
      navigate('/login', { replace: true });
    },
  });
}

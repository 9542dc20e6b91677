import type { LoginBody, loginData } from '@cricket/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '@/lib/http';
import { reloadSession } from '@/lib/session';

export type LoginData = z.infer<typeof loginData>;

/** POST /user/login: the server sets the session cookie; the token in the body is unused here. */
export async function login(body: LoginBody): Promise<LoginData> {
  const response = await request<LoginData>('/user/login', { method: 'POST', body });
  return response.data;
}

/** Signs in, then waits for the profile so the guards see the new session before navigating. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => reloadSession(queryClient),
  });
}

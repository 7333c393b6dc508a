import type { AuthSession } from '@clipmarket/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface LoginBody {
  email: string;
  password: string;
}

/** POST /v2/auth/login → a new session. */
export async function login(body: LoginBody): Promise<AuthSession> {
  const res = await apiRequest<{ data: AuthSession }>('/auth/login', {
    method: 'POST',
    body,
    anonymous: true,
  });
  return res.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

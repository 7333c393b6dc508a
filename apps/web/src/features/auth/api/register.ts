import type { AuthSession, RegisterInput } from '@clipmarket/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /v2/auth/register → the new account, already signed in. */
export async function register(body: RegisterInput): Promise<AuthSession> {
  const res = await apiRequest<{ data: AuthSession }>('/auth/register', {
    method: 'POST',
    body,
    anonymous: true,
  });
  return res.data;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

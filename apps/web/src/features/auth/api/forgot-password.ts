import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /v2/auth/forgot-password: always 204, whether or not the account exists. */
export async function requestPasswordReset(body: { email: string }): Promise<void> {
  await apiRequest<undefined>('/auth/forgot-password', { method: 'POST', body, anonymous: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

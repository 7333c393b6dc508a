import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /v2/auth/reset-password with the token of the e-mailed link. */
export async function resetPassword(body: { token: string; password: string }): Promise<void> {
  await apiRequest<undefined>('/auth/reset-password', { method: 'POST', body, anonymous: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

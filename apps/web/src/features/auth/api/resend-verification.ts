import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /v2/auth/resend-verification (signed in): e-mails a new verification link. */
export async function resendVerification(): Promise<void> {
  await apiRequest<undefined>('/auth/resend-verification', { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

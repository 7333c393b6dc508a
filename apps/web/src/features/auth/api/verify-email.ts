import type { VerifyEmailResult } from '@clipmarket/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /v2/auth/verify-email with the token of the e-mailed link. */
export async function verifyEmail(body: { token: string }): Promise<VerifyEmailResult> {
  const res = await apiRequest<{ data: VerifyEmailResult }>('/auth/verify-email', {
    method: 'POST',
    body,
    anonymous: true,
  });
  return res.data;
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}

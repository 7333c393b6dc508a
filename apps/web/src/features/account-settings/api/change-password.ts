import type { Me } from '@clipmarket/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/me';

export interface ChangePasswordInput {
  old_password: string;
  new_password: string;
}

/** POST /v2/user/updateMe with only_password (spec §7); a wrong old password gives WRONG_PASSWORD. */
export async function changePassword(input: ChangePasswordInput): Promise<Me> {
  const body = await apiRequest<{ data: Me }>('/user/updateMe', {
    method: 'POST',
    body: { ...input, only_password: true },
  });
  return body.data;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (me) => {
      if (me) queryClient.setQueryData(meQueryKey, me);
    },
  });
}

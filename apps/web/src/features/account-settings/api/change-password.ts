import type { UpdatePasswordInput } from '@clipmarket/contracts/profile';
import type { Me } from '@clipmarket/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/me';

export type ChangePasswordInput = Omit<UpdatePasswordInput, 'only_password'>;

/** POST /v2/user/updateMe with only_password (spec §7); a wrong old password gives WRONG_PASSWORD. */
export async function changePassword(input: ChangePasswordInput): Promise<Me> {
  const payload: UpdatePasswordInput = { ...input, only_password: true };
  const body = await apiRequest<{ data: Me }>('/user/updateMe', { method: 'POST', body: payload });
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

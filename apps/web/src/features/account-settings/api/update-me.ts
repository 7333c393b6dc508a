import type {
  UpdateMeAdminInput,
  UpdateMeAdvertiserInput,
  UpdateMeAdvertiserProfileInput,
  UpdateMeTalentInput,
  UpdateMeTalentProfileInput,
} from '@clipmarket/contracts/profile';
import type { Me } from '@clipmarket/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/me';

/**
 * The full profile form of the caller's role, or its profile tab alone (`step: 'profile'`),
 * as the API parses it (contracts' schemas).
 */
export type UpdateMePayload =
  | UpdateMeTalentInput
  | UpdateMeAdvertiserInput
  | UpdateMeTalentProfileInput
  | UpdateMeAdvertiserProfileInput
  | UpdateMeAdminInput;

/** POST /v2/user/updateMe with the full profile form (spec §7); answers the updated user. */
export async function updateMe(payload: UpdateMePayload): Promise<Me> {
  const body = await apiRequest<{ data: Me }>('/user/updateMe', { method: 'POST', body: payload });
  return body.data;
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

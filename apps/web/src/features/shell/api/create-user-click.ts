import type { UserClickBody } from '@clipmarket/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /v2/user-click/create (spec §7): records which tool a user opened. */
export async function createUserClick(click: UserClickBody): Promise<void> {
  await apiRequest('/user-click/create', { method: 'POST', body: click });
}

/** Fire and forget: a lost click must never stand in the user's way. */
export function useCreateUserClick() {
  return useMutation({ mutationFn: createUserClick, retry: false });
}

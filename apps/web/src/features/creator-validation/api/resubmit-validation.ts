import type { CreatorValidationStatus } from '@clipmarket/contracts/creator-validation';
import type { Me } from '@clipmarket/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQueryKey } from '../../../lib/me';

/** POST /v2/user/validation/resubmit (TALENT, when rejected): back to pending review. */
export async function resubmitValidation(): Promise<CreatorValidationStatus> {
  const body = await apiRequest<{ data: CreatorValidationStatus }>('/user/validation/resubmit', {
    method: 'POST',
  });
  return body.data;
}

/** The banner follows at once (the answer is the new status), then getMe is read again. */
export function useResubmitValidation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resubmitValidation,
    onSuccess: (validation) => {
      queryClient.setQueryData<Me>(meQueryKey, (me) =>
        me ? ({ ...me, validation } as Me & { validation: CreatorValidationStatus }) : me,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

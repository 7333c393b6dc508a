import type { ContactMessage, ContactMessageInput } from '@clipmarket/contracts/support';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /v2/support/contact: stored, then e-mailed to the support team. */
export async function sendContactMessage(input: ContactMessageInput): Promise<ContactMessage> {
  const body = await apiRequest<{ data: ContactMessage }>('/support/contact', {
    method: 'POST',
    body: input,
  });
  return body.data;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

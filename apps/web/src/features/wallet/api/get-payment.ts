import type { PaymentResponse } from '@clipmarket/contracts/payments';
import { apiRequest } from '../../../lib/api-client';

export type Payment = PaymentResponse['data'];

/** GET /v2/payments/:id: the payment's state and, while it can still be paid, its `pay_url`. */
export async function getPayment(id: number): Promise<Payment> {
  const body = await apiRequest<PaymentResponse>(`/payments/${id}`);
  return body.data;
}

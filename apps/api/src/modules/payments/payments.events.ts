/** Events the payments module emits (delivered after commit through the outbox). */
export interface PaymentsEvents {
  /**
   * The gateway confirmed the payment; its amount is already in the payer's wallet (ledger
   * transaction `payment:<id>:received`). The purchase's module spends it from there. A payment
   * from the wallet (`pay_from_wallet`) is paid with the purchase: its module posted the money.
   */
  'payment.paid': {
    paymentId: number;
    ownerUserId: number;
    purpose: string;
    purposeId: number;
    amount: number;
  };
  /** The payment ended unpaid: failed at the gateway or expired. */
  'payment.unpaid': {
    paymentId: number;
    ownerUserId: number;
    purpose: string;
    purposeId: number;
    state: 'failed' | 'expired';
  };
}

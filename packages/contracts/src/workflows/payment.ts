import { defineProcess, type StateOf, type TransitionOf } from '../workflow.js';

/**
 * A payment through the gateway (issue 9 §3, ADR 017). Created before the gateway is called;
 * pending once the gateway gave a payment link; paid only when the gateway, read back, says
 * `completed` — never on a callback alone. Failed when the gateway refused to open it; expired
 * when its lifespan passed unpaid. A payment the gateway reports paid after it expired (the
 * payer paid in the last second, our check ran first) is still confirmed: the gateway's truth wins.
 *
 * A payment from the wallet (ADR 020) has no gateway: it is recorded and paid at once
 * (`created → paid` by `pay_from_wallet`) in the transaction that takes the money from the wallet.
 *
 * No timer here: the expiry check is the payments module's delayed job, because it must read
 * the gateway first (confirm if paid, expire if not); `expire` and `fail` are its way out.
 */
export const paymentProcess = defineProcess({
  name: 'payment',
  initial: 'created',
  states: ['created', 'pending', 'paid', 'failed', 'expired'],
  // `expired` is not terminal: the gateway's late "completed" still confirms it (see above).
  terminal: ['paid', 'failed'],
  transitions: {
    open: { from: ['created'], to: 'pending', actors: ['SYSTEM'] },
    fail: { from: ['created'], to: 'failed', actors: ['SYSTEM'], requiresReason: true },
    confirm: { from: ['pending', 'expired'], to: 'paid', actors: ['SYSTEM'] },
    expire: { from: ['created', 'pending'], to: 'expired', actors: ['SYSTEM'] },
    // Paid from the advertiser's wallet: no gateway, paid in the purchase's own transaction.
    pay_from_wallet: { from: ['created'], to: 'paid', actors: ['SYSTEM'] },
  },
  timers: [],
});

export type PaymentState = StateOf<typeof paymentProcess>;
export type PaymentTransition = TransitionOf<typeof paymentProcess>;

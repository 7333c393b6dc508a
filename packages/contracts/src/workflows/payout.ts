import { defineProcess, type StateOf, type TransitionOf } from '../workflow.js';

/**
 * A creator's payout (issue 11 §6, DESIGN §3). Scheduled `pending` when an advertiser pays a line
 * (the creator's earnings are credited in the same transaction); `paid` when an admin records the
 * bank or D17 transfer with its reference, which moves the earnings to `payouts_sent`. Konnect has
 * no payout API (reference/tunisia-money.md): the transfer itself happens outside the product.
 * No timer: a pending payout waits for the team, whose queue (`/admin/payouts`) shows it once due.
 */
export const payoutProcess = defineProcess({
  name: 'payout',
  initial: 'pending',
  states: ['pending', 'paid'],
  terminal: ['paid'],
  transitions: {
    mark_paid: { from: ['pending'], to: 'paid', actors: ['ADMIN'] },
  },
  timers: [],
});

export type PayoutState = StateOf<typeof payoutProcess>;
export type PayoutTransition = TransitionOf<typeof payoutProcess>;

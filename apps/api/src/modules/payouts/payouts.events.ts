/** Events the payouts module emits (delivered after commit through the outbox). */
export interface PayoutsEvents {
  /**
   * An admin recorded the transfer of a payout: the creator's earnings went to `payouts_sent`
   * (ledger transaction `payout:<id>`). Notifications tell the creator ("payment received").
   */
  'payout.paid': {
    payoutId: number;
    creatorUserId: number;
    amount: number;
    reference: string;
    /** The paid line the earning came from (its notification links there); null for others. */
    contentRequestInfluencerId?: number | null;
  };
}

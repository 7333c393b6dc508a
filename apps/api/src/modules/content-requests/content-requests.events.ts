import type { KeptInWalletReason } from '@clipmarket/contracts/payments';

/** Events the content-requests module emits (delivered after commit through the outbox). */
export interface ContentRequestsEvents {
  /** A request was paid and sent: one line per chosen creator, each in state `sent`. */
  'content-request.sent': {
    contentRequestId: number;
    advertiserUserId: number;
    lines: Array<{ lineId: number; influencerUserId: number }>;
  };
  /**
   * A creator has not acted yet and their window is closing: the acceptance window (state
   * `sent`) or the delivery deadline (state `accepted`) ends in the reminder's hours; `publishing`:
   * the request's publishing deadline is tomorrow and the paid video's links are not all in;
   * `review` (to the advertiser): a submitted video is approved automatically in the reminder's
   * hours unless reviewed.
   */
  'content-request-line.reminder': {
    lineId: number;
    kind: 'acceptance' | 'submission' | 'publishing' | 'review';
    influencerUserId: number;
  };
  /**
   * A card payment for a request's platform fee (`lineId` null) or a line's content fee arrived
   * when it was no longer needed (paid another way meanwhile, a newer attempt, changed): its
   * money stayed in the advertiser's wallet, and they are told.
   */
  'content-request.payment-kept-in-wallet': {
    paymentId: number;
    advertiserUserId: number;
    /** Null for an opportunity's line (ADR 035). */
    contentRequestId: number | null;
    lineId: number | null;
    title: string;
    amount: number;
    reason: KeptInWalletReason;
  };
}

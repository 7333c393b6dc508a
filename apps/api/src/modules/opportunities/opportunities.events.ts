import type { KeptInWalletReason } from '@clipmarket/contracts/payments';

/** Events the opportunities module emits (delivered after commit through the outbox). */
export interface OpportunitiesEvents {
  /** The platform fee is paid: the opportunity is live, creators who match may apply. */
  'opportunity.published': { contentOpportunityId: number; advertiserUserId: number };
  /** A creator applied (or revised their application after a debrief). */
  'opportunity.application-submitted': {
    applicationId: number;
    contentOpportunityId: number;
    advertiserUserId: number;
    influencerUserId: number;
  };
  /** The advertiser answered an application: accepted, debriefed or declined (also by the timer). */
  'opportunity.application-answered': {
    applicationId: number;
    contentOpportunityId: number;
    influencerUserId: number;
    decision: 'accept' | 'debrief' | 'decline' | 'auto_decline';
  };
  /** A card payment for the platform fee arrived when no longer needed: it stayed in the wallet. */
  'opportunity.payment-kept-in-wallet': {
    paymentId: number;
    advertiserUserId: number;
    contentOpportunityId: number;
    title: string;
    amount: number;
    reason: KeptInWalletReason;
  };
}

import type { KeptInWalletReason } from '@clipmarket/contracts/payments';

/** Events the opportunities module emits (delivered after commit through the outbox). */
export interface OpportunitiesEvents {
  /** The platform fee is paid: the opportunity is live, creators who match may apply. */
  'opportunity.published': {
    contentOpportunityId: number;
    advertiserUserId: number;
    title: string;
  };
  /** A creator applied (or revised their application after a debrief). */
  'opportunity.application-submitted': {
    applicationId: number;
    contentOpportunityId: number;
    advertiserUserId: number;
    influencerUserId: number;
    title: string;
  };
  /** The advertiser answered an application: accepted, debriefed or declined (also by the timer). */
  'opportunity.application-answered': {
    applicationId: number;
    contentOpportunityId: number;
    advertiserUserId: number;
    influencerUserId: number;
    title: string;
    decision: 'accept' | 'debrief' | 'decline' | 'auto_decline' | 'closed';
  };
  /** Once a day: an opportunity received applications in the last 24 hours (the daily recap). */
  'opportunity.applications-of-the-day': {
    contentOpportunityId: number;
    advertiserUserId: number;
    title: string;
    count: number;
  };
  /** Two days before the application deadline: the interested creators who have not applied. */
  'opportunity.apply-reminder': {
    contentOpportunityId: number;
    advertiserUserId: number;
    title: string;
    influencerUserIds: number[];
  };
  /** The product team closed the opportunity early, with a reason its advertiser reads. */
  'opportunity.closed-by-team': {
    contentOpportunityId: number;
    advertiserUserId: number;
    title: string;
    reason: string;
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

import type { MetricPlatform } from '@clipmarket/contracts/publication-metrics';

/** Events the publication-metrics module emits (delivered after commit through the outbox). */
export interface PublicationMetricsEvents {
  /** The team checked a creator's submitted figures: approved, or declined with a reason. */
  'publication-metrics.submission-decided': {
    submissionId: number;
    linkId: number;
    lineId: number;
    creatorUserId: number;
    platform: MetricPlatform;
    decision: 'approved' | 'declined';
    reason: string | null;
  };
  /**
   * A link approved 7 days ago has no figures for its 7-day window and none can be read (no
   * account of its platform connected): the creator is asked to submit them.
   */
  'publication-metrics.figures-due': {
    linkId: number;
    lineId: number;
    creatorUserId: number;
    platform: MetricPlatform;
  };
}

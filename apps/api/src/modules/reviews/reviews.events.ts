import type { ReviewAuthorRole } from './reviews.schema.js';

/** Events the reviews module emits (delivered after commit through the outbox, ADR 010). */
export interface ReviewsEvents {
  /** A side wrote its review of a line; the other side is told (not what it says, yet). */
  'reviews.written': {
    reviewId: number;
    lineId: number;
    authorUserId: number;
    authorRole: ReviewAuthorRole;
    subjectUserId: number;
  };
  /** A review became visible to its subject and the public (both sides wrote, or 7 days). */
  'reviews.revealed': {
    reviewId: number;
    lineId: number;
    authorUserId: number;
    subjectUserId: number;
  };
  /** The team decided a contested review: upheld (stays) or removed (gone from every list). */
  'reviews.contest-decided': {
    reviewId: number;
    lineId: number;
    authorUserId: number;
    subjectUserId: number;
    decision: 'uphold' | 'remove';
  };
}

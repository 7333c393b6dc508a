import type { JobQueue, Logger } from '../../platform/jobs/job-queue.js';
import { createRevealAnnouncements } from './reviews.reveals.js';
import { createReviewsRoutes } from './reviews.routes.js';
import { createReviewsService, type ReviewsDeps } from './reviews.service.js';

export type { ReviewsEvents } from './reviews.events.js';
export type { ReviewsService } from './reviews.service.js';
/** For the reputation module (and any page beside it): the rating summaries of some users. */
export { ratingSummariesOf, emptyRatingSummary, type RatingSummary } from './reviews.summaries.js';

/**
 * Reviews (issue 27 §2): written reviews of a paid delivery line, both ways and blind (each
 * side sees the other's once both wrote or 7 days passed), one reply, a contest within 7 days
 * that the team decides. Owns `reviews`; reads lines through content-requests' index.
 */
export function createReviewsModule(deps: ReviewsDeps & { jobs: JobQueue; log: Logger }) {
  const service = createReviewsService(deps);
  return {
    routes: createReviewsRoutes(service),
    service,
    /** The daily notice of reviews shown after their 7 days (`announceRevealed()`). */
    reveals: createRevealAnnouncements(deps),
    /** The clock of blindness and contests (tests move it). */
    clock: deps.clock,
  };
}

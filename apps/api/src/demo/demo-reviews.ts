import type { DbOrTx } from '../platform/db/client.js';
import { AppError } from '../platform/http/errors.js';
import type { ContentRequestsService } from '../modules/content-requests/index.js';
import type { CreateReviewBody } from '@clipmarket/contracts/reviews';
import type { ReviewsService } from '../modules/reviews/index.js';
import { findAccountByEmail } from '../modules/users/index.js';
import { DEMO_OPPORTUNITY_DELIVERIES } from './demo-opportunities.js';

const BRAND_EMAIL = 'brand@clipmarket.tn';
const CREATOR_EMAIL = 'creator@clipmarket.tn';

export interface DemoReviewsDeps {
  contentRequests: Pick<ContentRequestsService, 'listCreatorLines'>;
  reviews: Pick<ReviewsService, 'write' | 'lineReviews' | 'reply'>;
}

export interface DemoReviewsResult {
  /** Reviews written in this run (both sides of one line: 0 or 2). */
  reviewsWritten: number;
}

/**
 * Issue 27 §2: both sides' reviews of the demo creator's completed opportunity delivery (the
 * olive oil video), so the brand's and her reputation show written reviews, visible at once
 * (both wrote), with her reply. The demo's completed content request is left unreviewed: the
 * browser journey of reviews writes those. Idempotent: a side already written is left.
 */
export async function seedDemoReviews(
  db: DbOrTx,
  deps: DemoReviewsDeps,
): Promise<DemoReviewsResult> {
  const result: DemoReviewsResult = { reviewsWritten: 0 };
  const brand = await findAccountByEmail(db, BRAND_EMAIL);
  const creator = await findAccountByEmail(db, CREATOR_EMAIL);
  if (!brand || !creator) return result;
  const brandActor = { userId: brand.id, role: brand.role };
  const creatorActor = { userId: creator.id, role: creator.role };

  const title = DEMO_OPPORTUNITY_DELIVERIES.find(
    (d) => d.target === 'completed' && d.creatorEmail === CREATOR_EMAIL,
  )?.title;
  const page = await deps.contentRequests.listCreatorLines(creatorActor, {
    source: 'opportunity',
    filter: 'all',
    content_filter: 'all',
    limit: 50,
  });
  const line = page.data.find((l) => l.title === title);
  if (!line) return result;
  const lineId = line.content_request_influencer_id;

  const write = async (
    actor: typeof brandActor,
    body: Omit<CreateReviewBody, 'content_request_influencer_id'>,
  ) => {
    try {
      await deps.reviews.write(actor, { content_request_influencer_id: lineId, ...body });
      result.reviewsWritten += 1;
    } catch (error) {
      // Written at an earlier start, or the line not paid yet (the next start reviews it).
      const skipped = ['REVIEW_EXISTS', 'REVIEW_NOT_OPEN'];
      if (!(error instanceof AppError && skipped.includes(error.code))) throw error;
    }
  };
  await write(brandActor, {
    rating: 5,
    criteria: {
      creativity: 5,
      brief_compliance: 5,
      on_time_submission: 4,
      production_quality: 5,
      communication: 5,
    },
    comment: 'The olive oil poured in slow motion sold the bottle. Delivered a day early.',
  });
  await write(creatorActor, {
    rating: 4,
    criteria: { brief_clarity: 5, communication: 4, feedback_quality: 4, payment_timeliness: 5 },
    comment: 'A clear brief and quick answers; paid the day the video was approved.',
  });
  // Her reply to the brand's review, once it shows.
  const reviews = await deps.reviews.lineReviews(creatorActor, lineId);
  const brandReview = reviews.theirs;
  if (brandReview && reviews.can_reply) {
    await deps.reviews.reply(creatorActor, brandReview.id, {
      reply: 'Thank you! Your olive oil made it easy to film.',
    });
  }
  return result;
}

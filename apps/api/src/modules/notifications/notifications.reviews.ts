import type { Db } from '../../platform/db/client.js';
import type { EventMeta, EventSubscriber } from '../../platform/events/event-bus.js';
import { describeLineParties } from '../content-requests/index.js';
import type { ReviewsEvents } from '../reviews/index.js';
import type { NotificationsService } from './notifications.service.js';

/**
 * Written reviews (issue 27 §2, templates in notification-templates.reviews.ts): the subject
 * hears a review was written (its content stays hidden), both parties when theirs became
 * visible, the author when the team removed theirs, the subject of the contest's decision.
 */
export function subscribeReviewNotifications(deps: {
  db: Db;
  events: EventSubscriber<ReviewsEvents>;
  service: NotificationsService;
}) {
  const { db, events, service } = deps;

  async function tell(
    lineId: number,
    receiverUserId: number,
    type: string,
    idempotencyKey: string,
    senderUserId?: number,
  ) {
    const line = await describeLineParties(db, lineId);
    if (!line) return;
    const side = receiverUserId === line.influencerUserId ? 'talent' : 'advertiser';
    await service.notify({
      receiverUserId,
      module: 'content_request',
      type: `${type}_${side}`,
      moduleItemId: line.lineId,
      ...(senderUserId === undefined ? {} : { sender: { userId: senderUserId } }),
      params: { request_name: line.title, request_reference: line.reference },
      idempotencyKey,
    });
  }

  events.on('reviews.written', 'notifications.review-written', async (event, meta: EventMeta) => {
    await tell(
      event.lineId,
      event.subjectUserId,
      'review_written',
      `${meta.eventId}:review_written`,
      event.authorUserId,
    );
  });

  events.on('reviews.revealed', 'notifications.review-revealed', async (event) => {
    // Keyed by the review: whether both wrote or 7 days passed, it shows once.
    await tell(
      event.lineId,
      event.subjectUserId,
      'review_visible',
      `review_visible:${event.reviewId}`,
    );
  });

  events.on(
    'reviews.contest-decided',
    'notifications.review-contest-decided',
    async (event, meta: EventMeta) => {
      if (event.decision === 'remove') {
        await tell(
          event.lineId,
          event.authorUserId,
          'review_removed',
          `${meta.eventId}:review_removed`,
        );
      }
      await tell(
        event.lineId,
        event.subjectUserId,
        'review_contest_decided',
        `${meta.eventId}:review_contest_decided`,
      );
    },
  );
}

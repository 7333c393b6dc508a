import { idempotencyHeadersSchema } from '@clipmarket/contracts/checkout';
import {
  contentPaymentBodySchema,
  contentPaymentQuoteResponseSchema,
  contentPaymentResponseSchema,
  reviewBodySchema,
  revisionNoteAddressedBodySchema,
  revisionNoteResponseSchema,
} from '@clipmarket/contracts/content-delivery';
import { lineResponseSchema } from '@clipmarket/contracts/content-requests';
import { idParamSchema } from '@clipmarket/contracts/primitives';
import { currentUser } from '../../../platform/auth/guard.js';
import type { Idempotency } from '../../../platform/http/idempotency.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../../platform/http/types.js';
import type { ContentPayment } from './content-payment.js';
import type { LineReview } from './review.js';
import type { RevisionNotes } from './revision-notes.js';

const tags = ['content-requests'];
const lineParams = idParamSchema('content_request_influencer_id');
const noteParams = lineParams.extend(idParamSchema('note_id').shape);

/**
 * Issue 11 §3–§4: the advertiser reviews a line's video and pays its content fee; issue 27 §3:
 * the creator ticks the debrief's revision notes as addressed.
 */
export function createDeliveryRoutes(
  review: LineReview,
  payment: ContentPayment,
  idempotency: Idempotency,
  notes: RevisionNotes,
): ModuleRoutes {
  return async (app) => {
    // Creators too: the line's creator is told it does not exist (404), as anyone else.
    const parties = app.requireRole('TALENT', 'BRAND', 'AGENCY');
    const common = { tags, security: bearerSecurity };

    app.post(
      '/content-request-influencers/:content_request_influencer_id/review',
      {
        preHandler: parties,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: 'Reviews the submitted video: approve (rated), debrief or reject',
          params: lineParams,
          body: reviewBodySchema,
          response: { 200: lineResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await review.review(
          currentUser(request),
          request.params.content_request_influencer_id,
          request.body,
        ),
      }),
    );

    app.put(
      '/content-request-influencers/:content_request_influencer_id/revision-notes/:note_id',
      {
        preHandler: parties,
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: "Ticks (or unticks) a debrief's revision note as addressed (the line's creator)",
          params: noteParams,
          body: revisionNoteAddressedBodySchema,
          response: { 200: revisionNoteResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await notes.setAddressed(
          currentUser(request),
          request.params.content_request_influencer_id,
          request.params.note_id,
          request.body.addressed,
        ),
      }),
    );

    app.get(
      '/content-request-influencers/:content_request_influencer_id/payment',
      {
        preHandler: parties,
        schema: {
          ...common,
          summary: "What paying an approved line's content fee costs and how it can be paid",
          params: lineParams,
          response: { 200: contentPaymentQuoteResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await payment.quote(
          currentUser(request),
          request.params.content_request_influencer_id,
        ),
      }),
    );

    app.post(
      '/content-request-influencers/:content_request_influencer_id/payment',
      {
        preHandler: parties,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary:
            'Pays the content fee (reserved funds, wallet or gateway) of an approved line (Idempotency-Key)',
          headers: idempotencyHeadersSchema,
          params: lineParams,
          body: contentPaymentBodySchema,
          response: { 200: contentPaymentResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const caller = currentUser(request);
        return idempotency.once(request, reply, caller.userId, 200, async () => ({
          data: await payment.pay(
            caller,
            request.params.content_request_influencer_id,
            request.body,
          ),
        }));
      },
    );
  };
}

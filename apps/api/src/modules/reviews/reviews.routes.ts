import { errorResponseSchema } from '@clipmarket/contracts/errors';
import {
  adminReviewsQuerySchema,
  adminReviewsResponseSchema,
  contestBodySchema,
  contestDecisionBodySchema,
  creatorReviewsParamsSchema,
  createReviewBodySchema,
  lineReviewsParamsSchema,
  lineReviewsResponseSchema,
  replyBodySchema,
  reviewParamsSchema,
  reviewResponseSchema,
  userReviewsParamsSchema,
  userReviewsQuerySchema,
  userReviewsResponseSchema,
} from '@clipmarket/contracts/reviews';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { ReviewsService } from './reviews.service.js';

const tags = ['reviews'];
const conflict = { 409: errorResponseSchema, 422: errorResponseSchema };

/** Written reviews (issue 27 §2): the parties' routes, the public lists and the team's queue. */
export function createReviewsRoutes(service: ReviewsService): ModuleRoutes {
  return async (app) => {
    const parties = { preHandler: app.requireRole('TALENT', 'BRAND', 'AGENCY') };
    const admin = { preHandler: app.requireRole('ADMIN') };

    app.post(
      '/reviews',
      {
        ...parties,
        schema: {
          tags,
          summary:
            'Review the other side of a paid delivery line (once per side; blind until both wrote or 7 days)',
          security: bearerSecurity,
          body: createReviewBodySchema,
          response: { 201: lineReviewsResponseSchema, ...errorResponses, ...conflict },
        },
      },
      async (request, reply) => {
        const data = await service.write(currentUser(request), request.body);
        return reply.status(201).send({ data });
      },
    );

    app.get(
      '/reviews/lines/:content_request_influencer_id',
      {
        ...parties,
        schema: {
          tags,
          summary: "A line's reviews as the caller may see them, and what the caller can still do",
          security: bearerSecurity,
          params: lineReviewsParamsSchema,
          response: { 200: lineReviewsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.lineReviews(
          currentUser(request),
          request.params.content_request_influencer_id,
        ),
      }),
    );

    app.get(
      '/users/:user_id/reviews',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary: "A creator's or advertiser's visible reviews, newest first, with their summary",
          security: bearerSecurity,
          params: userReviewsParamsSchema,
          querystring: userReviewsQuerySchema,
          response: { 200: userReviewsResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.reviewsOfUser(request.params.user_id, request.query),
    );

    app.get(
      '/reviews/creators/:influencer_id',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            "A creator's visible reviews by their influencer id (profile pages), with the summary",
          security: bearerSecurity,
          params: creatorReviewsParamsSchema,
          querystring: userReviewsQuerySchema,
          response: { 200: userReviewsResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.reviewsOfCreator(request.params.influencer_id, request.query),
    );

    app.post(
      '/reviews/:review_id/reply',
      {
        ...parties,
        schema: {
          tags,
          summary: 'The reviewed party answers a visible review, once',
          security: bearerSecurity,
          params: reviewParamsSchema,
          body: replyBodySchema,
          response: { 200: reviewResponseSchema, ...errorResponses, ...conflict },
        },
      },
      async (request) => ({
        data: await service.reply(currentUser(request), request.params.review_id, request.body),
      }),
    );

    app.post(
      '/reviews/:review_id/contest',
      {
        ...parties,
        schema: {
          tags,
          summary: 'The reviewed party asks the team to remove a review, within 7 days, once',
          security: bearerSecurity,
          params: reviewParamsSchema,
          body: contestBodySchema,
          response: { 200: reviewResponseSchema, ...errorResponses, ...conflict },
        },
      },
      async (request) => ({
        data: await service.contest(currentUser(request), request.params.review_id, request.body),
      }),
    );

    app.get(
      '/admin/reviews',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          summary: 'Contested reviews (open by default), newest first',
          security: bearerSecurity,
          querystring: adminReviewsQuerySchema,
          response: { 200: adminReviewsResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.contestedReviews(request.query),
    );

    app.post(
      '/admin/reviews/:review_id/contest-decision',
      {
        ...admin,
        schema: {
          tags: ['admin'],
          summary: 'Uphold a contested review, or remove it from every list and summary',
          security: bearerSecurity,
          params: reviewParamsSchema,
          body: contestDecisionBodySchema,
          response: { 200: reviewResponseSchema, ...errorResponses, ...conflict },
        },
      },
      async (request) => ({
        data: await service.decideContest(
          currentUser(request),
          request.params.review_id,
          request.body,
        ),
      }),
    );
  };
}

import { z } from 'zod';
import { idempotencyHeadersSchema } from '@clipmarket/contracts/checkout';
import {
  applicationBodySchema,
  applicationDecisionBodySchema,
  applicationListQuerySchema,
  applicationPageSchema,
  applicationResponseSchema,
  applicationRevisionBodySchema,
  approvalPaymentResponseSchema,
  approvalQuoteResponseSchema,
  discoverOpportunitiesQuerySchema,
  interestListResponseSchema,
  opportunityCardPageSchema,
  opportunityCheckoutBodySchema,
  opportunityCheckoutResponseSchema,
  opportunityDetailResponseSchema,
  opportunityDraftSchema,
  opportunityLimitsResponseSchema,
  opportunityListQuerySchema,
  opportunityQuoteQuerySchema,
  opportunityQuoteResponseSchema,
  opportunityResponseSchema,
  opportunityWithCountsListResponseSchema,
  ownApplicationListQuerySchema,
  ownApplicationListResponseSchema,
  ownApplicationResponseSchema,
} from '@clipmarket/contracts/opportunities';
import { idParamSchema, safeText } from '@clipmarket/contracts/primitives';
import { currentUser } from '../../platform/auth/guard.js';
import type { Idempotency } from '../../platform/http/idempotency.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { OpportunityApplications } from './opportunities.applications.js';
import type { ApprovalPaymentService } from './opportunities.approval-payment.js';
import type { OpportunityDrafts } from './opportunities.drafts.js';
import type { OpportunityPublishing } from './opportunities.publishing.js';

const tags = ['opportunities'];
const opportunityParams = idParamSchema('content_opportunity_id');
const applicationParams = opportunityParams.extend(
  idParamSchema('content_opportunity_influencer_id').shape,
);
const ownApplicationParams = idParamSchema('content_opportunity_influencer_id');
const closeBodySchema = z.object({ reason: safeText().trim().min(1, 'Give a reason').max(1000) });

/**
 * Opportunities (issue 23): the advertiser's drafts, list, checkout, applications and interests
 * (`/opportunities…`); the creator's discovery (`/discover-opportunities…`) and own applications
 * (`/my-applications…`). Thin: each calls one service function.
 */
export function createOpportunitiesRoutes(
  services: {
    drafts: OpportunityDrafts;
    publishing: OpportunityPublishing;
    applications: OpportunityApplications;
    approvalPayment: ApprovalPaymentService;
  },
  idempotency: Idempotency,
): ModuleRoutes {
  const { drafts, publishing, applications, approvalPayment } = services;
  return async (app) => {
    const advertisersOnly = app.requireRole('BRAND', 'AGENCY');
    const creatorsOnly = app.requireRole('TALENT');
    const common = { tags, security: bearerSecurity };

    app.get(
      '/opportunities/limits',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: 'The business settings the publishing screens show',
          response: { 200: opportunityLimitsResponseSchema, ...errorResponses },
        },
      },
      async () => ({ data: await drafts.limits() }),
    );

    app.post(
      '/opportunities',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: 'Saves a new draft opportunity (steps 1 and 2: info and brief)',
          body: opportunityDraftSchema,
          response: { 201: opportunityResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return { data: await drafts.create(currentUser(request), request.body) };
      },
    );

    app.get(
      '/opportunities',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "The caller's opportunities, newest first (drafts, or by the status filter)",
          querystring: opportunityListQuerySchema,
          response: { 200: opportunityWithCountsListResponseSchema, ...errorResponses },
        },
      },
      async (request) => drafts.list(currentUser(request), request.query),
    );

    app.get(
      '/opportunities/:content_opportunity_id',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "One of the caller's opportunities",
          params: opportunityParams,
          response: { 200: opportunityResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await drafts.get(currentUser(request), request.params.content_opportunity_id),
      }),
    );

    app.patch(
      '/opportunities/:content_opportunity_id',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: 'Changes a draft opportunity',
          params: opportunityParams,
          body: opportunityDraftSchema,
          response: { 200: opportunityResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await drafts.update(
          currentUser(request),
          request.params.content_opportunity_id,
          request.body,
        ),
      }),
    );

    app.delete(
      '/opportunities/:content_opportunity_id',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: 'Discards a draft',
          params: opportunityParams,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await drafts.discard(currentUser(request), request.params.content_opportunity_id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/opportunities/:content_opportunity_id/quote',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: 'Step 3: the platform fee with VAT, stamp and promotion, and the wallet',
          params: opportunityParams,
          querystring: opportunityQuoteQuerySchema,
          response: { 200: opportunityQuoteResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await publishing.quote(
          currentUser(request),
          request.params.content_opportunity_id,
          request.query.promo_code,
        ),
      }),
    );

    app.post(
      '/opportunities/:content_opportunity_id/checkout',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: 'Pays the platform fee (wallet or gateway) and publishes (Idempotency-Key)',
          headers: idempotencyHeadersSchema,
          params: opportunityParams,
          body: opportunityCheckoutBodySchema,
          response: { 200: opportunityCheckoutResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const caller = currentUser(request);
        return idempotency.once(request, reply, caller.userId, 200, async () => ({
          data: await publishing.checkout(
            caller,
            request.params.content_opportunity_id,
            request.body,
          ),
        }));
      },
    );

    app.post(
      '/opportunities/:content_opportunity_id/stop-applications',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: 'Stops taking applications once a creator is accepted (live → ongoing)',
          params: opportunityParams,
          response: { 200: opportunityResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const caller = currentUser(request);
        await applications.stopApplications(caller, request.params.content_opportunity_id);
        return { data: await drafts.get(caller, request.params.content_opportunity_id) };
      },
    );

    app.post(
      '/opportunities/:content_opportunity_id/close',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: 'Closes an opportunity before any creator is accepted',
          params: opportunityParams,
          body: closeBodySchema,
          response: { 200: opportunityResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const caller = currentUser(request);
        await applications.close(
          caller,
          request.params.content_opportunity_id,
          request.body.reason,
        );
        return { data: await drafts.get(caller, request.params.content_opportunity_id) };
      },
    );

    app.get(
      '/opportunities/:content_opportunity_id/applications',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "An opportunity's applications, to compare (filter, sort, keyset cursor)",
          params: opportunityParams,
          querystring: applicationListQuerySchema,
          response: { 200: applicationPageSchema, ...errorResponses },
        },
      },
      async (request) =>
        applications.listApplications(
          currentUser(request),
          request.params.content_opportunity_id,
          request.query,
        ),
    );

    app.get(
      '/opportunities/:content_opportunity_id/applications/:content_opportunity_influencer_id',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "One application of the caller's opportunity",
          params: applicationParams,
          response: { 200: applicationResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await applications.application(
          currentUser(request),
          request.params.content_opportunity_id,
          request.params.content_opportunity_influencer_id,
        ),
      }),
    );

    app.post(
      '/opportunities/:content_opportunity_id/applications/:content_opportunity_influencer_id/decision',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: 'Accepts (holds the price, opens the delivery), debriefs or declines',
          params: applicationParams,
          body: applicationDecisionBodySchema,
          response: { 200: applicationResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await applications.decide(
          currentUser(request),
          request.params.content_opportunity_id,
          request.params.content_opportunity_influencer_id,
          request.body,
        ),
      }),
    );

    app.get(
      '/opportunities/:content_opportunity_id/applications/:content_opportunity_influencer_id/approval-payment',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "Approving: the creator's price, the wallet, and what it is missing",
          params: applicationParams,
          response: { 200: approvalQuoteResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await approvalPayment.quote(
          currentUser(request),
          request.params.content_opportunity_id,
          request.params.content_opportunity_influencer_id,
        ),
      }),
    );

    app.post(
      '/opportunities/:content_opportunity_id/applications/:content_opportunity_influencer_id/approval-payment',
      {
        preHandler: advertisersOnly,
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary:
            'Pays what the wallet is missing by card; once paid, the application is approved (Idempotency-Key)',
          headers: idempotencyHeadersSchema,
          params: applicationParams,
          response: { 200: approvalPaymentResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const caller = currentUser(request);
        return idempotency.once(request, reply, caller.userId, 200, async () => ({
          data: await approvalPayment.start(
            caller,
            request.params.content_opportunity_id,
            request.params.content_opportunity_influencer_id,
          ),
        }));
      },
    );

    app.get(
      '/opportunities/:content_opportunity_id/interests',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: 'The creators who read the brief ("learn more")',
          params: opportunityParams,
          response: { 200: interestListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await applications.interests(
          currentUser(request),
          request.params.content_opportunity_id,
        ),
      }),
    );

    app.get(
      '/discover-opportunities',
      {
        preHandler: creatorsOnly,
        schema: {
          ...common,
          summary: 'The live opportunities that match the caller (campaign filter, keyset cursor)',
          querystring: discoverOpportunitiesQuerySchema,
          response: { 200: opportunityCardPageSchema, ...errorResponses },
        },
      },
      async (request) => applications.discover(currentUser(request), request.query),
    );

    app.get(
      '/discover-opportunities/:content_opportunity_id',
      {
        preHandler: creatorsOnly,
        schema: {
          ...common,
          summary: 'One opportunity the caller may see, with its brief',
          params: opportunityParams,
          response: { 200: opportunityDetailResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await applications.detail(
          currentUser(request),
          request.params.content_opportunity_id,
        ),
      }),
    );

    app.post(
      '/discover-opportunities/:content_opportunity_id/interest',
      {
        preHandler: creatorsOnly,
        schema: {
          ...common,
          summary: 'Records that the caller read the brief ("learn more")',
          params: opportunityParams,
          response: { 204: z.null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await applications.recordInterest(
          currentUser(request),
          request.params.content_opportunity_id,
        );
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/discover-opportunities/:content_opportunity_id/applications',
      {
        preHandler: creatorsOnly,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          ...common,
          summary: 'Applies: a price in the band, a pitch, the answers, the brief accepted',
          params: opportunityParams,
          body: applicationBodySchema,
          response: { 201: ownApplicationResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return {
          data: await applications.apply(
            currentUser(request),
            request.params.content_opportunity_id,
            request.body,
          ),
        };
      },
    );

    app.get(
      '/my-applications',
      {
        preHandler: creatorsOnly,
        schema: {
          ...common,
          summary: "The caller's applications, newest first",
          querystring: ownApplicationListQuerySchema,
          response: { 200: ownApplicationListResponseSchema, ...errorResponses },
        },
      },
      async (request) => applications.ownApplications(currentUser(request), request.query),
    );

    app.get(
      '/my-applications/:content_opportunity_influencer_id',
      {
        preHandler: creatorsOnly,
        schema: {
          ...common,
          summary: "One of the caller's applications",
          params: ownApplicationParams,
          response: { 200: ownApplicationResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await applications.ownApplication(
          currentUser(request),
          request.params.content_opportunity_influencer_id,
        ),
      }),
    );

    app.post(
      '/my-applications/:content_opportunity_influencer_id/withdraw',
      {
        preHandler: creatorsOnly,
        schema: {
          ...common,
          summary: 'Withdraws an application still under review',
          params: ownApplicationParams,
          response: { 200: ownApplicationResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await applications.withdraw(
          currentUser(request),
          request.params.content_opportunity_influencer_id,
        ),
      }),
    );

    app.post(
      '/my-applications/:content_opportunity_influencer_id/revision',
      {
        preHandler: creatorsOnly,
        schema: {
          ...common,
          summary: 'After a debrief: another price or pitch, back under review',
          params: ownApplicationParams,
          body: applicationRevisionBodySchema,
          response: { 200: ownApplicationResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await applications.revise(
          currentUser(request),
          request.params.content_opportunity_influencer_id,
          request.body,
        ),
      }),
    );
  };
}

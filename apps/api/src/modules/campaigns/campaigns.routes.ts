import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  campaignShareLinkResponseSchema,
  campaignShareParamsSchema,
  createdShareLinkResponseSchema,
  sharedCampaignParamsSchema,
  sharedCampaignResponseSchema,
} from '@clipmarket/contracts/campaign-sharing';
import {
  attachableItemsResponseSchema,
  campaignBodySchema,
  campaignDetailResponseSchema,
  campaignItemBodySchema,
  campaignItemParamsSchema,
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignParamsSchema,
} from '@clipmarket/contracts/campaigns';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { CampaignsService } from './campaigns.service.js';

/**
 * The public report's reads per address and minute: plenty for people opening a shared link,
 * too few to walk through tokens. The address is the socket's unless TRUST_PROXY names the
 * proxy in front (app.ts): a client's own X-Forwarded-For does not choose its counter.
 */
const sharedReportRateLimit = {
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `shared-campaign:${request.ip}`,
};

/**
 * Campaigns (issue 24 §1), advertisers only, and their public report (§4), for anyone holding
 * its link: thin, each calls one service function.
 */
export function createCampaignsRoutes(service: CampaignsService): ModuleRoutes {
  return async (app) => {
    const advertisersOnly = app.requireRole('BRAND', 'AGENCY');
    const common = { tags: ['campaigns'], security: bearerSecurity };
    const writes = { rateLimit: { max: 60, timeWindow: '1 minute' } };

    app.get(
      '/campaigns',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "The caller's campaigns, newest first, with their figures",
          querystring: campaignListQuerySchema,
          response: { 200: campaignListResponseSchema, ...errorResponses },
        },
      },
      async (request) => service.list(currentUser(request), request.query),
    );

    app.post(
      '/campaigns',
      {
        preHandler: advertisersOnly,
        config: writes,
        schema: {
          ...common,
          summary: 'Creates a campaign',
          body: campaignBodySchema,
          response: { 201: campaignDetailResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return { data: await service.create(currentUser(request), request.body) };
      },
    );

    app.get(
      '/campaigns/:campaign_id',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: 'One campaign: its figures, requests, opportunities and deliveries',
          params: campaignParamsSchema,
          response: { 200: campaignDetailResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.get(currentUser(request), request.params.campaign_id),
      }),
    );

    app.put(
      '/campaigns/:campaign_id',
      {
        preHandler: advertisersOnly,
        config: writes,
        schema: {
          ...common,
          summary: "Changes a campaign's name, goal, dates, budget, visibility or page",
          params: campaignParamsSchema,
          body: campaignBodySchema,
          response: { 200: campaignDetailResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.update(currentUser(request), request.params.campaign_id, request.body),
      }),
    );

    app.delete(
      '/campaigns/:campaign_id',
      {
        preHandler: advertisersOnly,
        config: writes,
        schema: {
          ...common,
          summary: 'Deletes a campaign; its requests and opportunities stay, in no campaign',
          params: campaignParamsSchema,
          response: { 204: z.null().describe('No content'), ...errorResponses },
        },
      },
      async (request, reply) => {
        await service.remove(currentUser(request), request.params.campaign_id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/campaigns/:campaign_id/attachable',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "The caller's newest requests and opportunities not in this campaign",
          params: campaignParamsSchema,
          response: { 200: attachableItemsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.attachable(currentUser(request), request.params.campaign_id),
      }),
    );

    app.post(
      '/campaigns/:campaign_id/items',
      {
        preHandler: advertisersOnly,
        config: writes,
        schema: {
          ...common,
          summary: 'Adds a request or an opportunity to the campaign (out of any other)',
          params: campaignParamsSchema,
          body: campaignItemBodySchema,
          response: { 200: campaignDetailResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.attach(currentUser(request), request.params.campaign_id, request.body),
      }),
    );

    app.delete(
      '/campaigns/:campaign_id/items/:kind/:item_id',
      {
        preHandler: advertisersOnly,
        config: writes,
        schema: {
          ...common,
          summary: 'Takes a request or an opportunity out of the campaign',
          params: campaignItemParamsSchema,
          response: { 200: campaignDetailResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.detach(currentUser(request), request.params.campaign_id, {
          kind: request.params.kind,
          id: request.params.item_id,
        }),
      }),
    );

    app.get(
      '/campaigns/:campaign_id/share-link',
      {
        preHandler: advertisersOnly,
        schema: {
          ...common,
          summary: "The campaign's public report link, or null when it has none",
          params: campaignShareParamsSchema,
          response: { 200: campaignShareLinkResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.shareLink(currentUser(request), request.params.campaign_id),
      }),
    );

    app.post(
      '/campaigns/:campaign_id/share-link',
      {
        preHandler: advertisersOnly,
        config: writes,
        schema: {
          ...common,
          summary: "Creates the campaign's public report link, or answers the active one",
          params: campaignShareParamsSchema,
          response: { 200: createdShareLinkResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.createShareLink(currentUser(request), request.params.campaign_id),
      }),
    );

    app.delete(
      '/campaigns/:campaign_id/share-link',
      {
        preHandler: advertisersOnly,
        config: writes,
        schema: {
          ...common,
          summary: 'Revokes the public report link: its address answers 404 from now on',
          params: campaignShareParamsSchema,
          response: { 204: z.null().describe('No content'), ...errorResponses },
        },
      },
      async (request, reply) => {
        await service.revokeShareLink(currentUser(request), request.params.campaign_id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/shared-campaigns/:token',
      {
        config: { rateLimit: sharedReportRateLimit },
        schema: {
          tags: ['campaigns'],
          summary: "A shared campaign's public report (no sign-in): figures, never money",
          params: sharedCampaignParamsSchema,
          response: { 200: sharedCampaignResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const report = await service.sharedReport(request.params.token);
        // A revoked link must stop at once: nobody keeps the answer; search engines skip it.
        void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
        return { data: report };
      },
    );
  };
}

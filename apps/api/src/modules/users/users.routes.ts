import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { declaredStatsBodySchema, platformParamsSchema } from '@clipmarket/contracts/discovery';
import { isAdvertiserRole, type Role } from '@clipmarket/contracts/enums';
import { idParamSchema } from '@clipmarket/contracts/primitives';
import { profileSchemas } from '@clipmarket/contracts/profile';
import {
  meResponseSchema,
  publicInfluencerProfileResponseSchema,
  redirectionResponseSchema,
  twinklingResponseSchema,
  twinklingSeenBodySchema,
  userClickBodySchema,
  userClickResponseSchema,
} from '@clipmarket/contracts/users';
import { currentUser } from '../../platform/auth/guard.js';
import { forbidden } from '../../platform/http/errors.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import { parseRequest, validateAllButBody } from '../../platform/http/validation.js';
import { parseAcceptLanguage, type Language } from '../../platform/i18n.js';
import { toMe, toPublicInfluencerProfile, toTwinklingFlags, toUserClick } from './users.dto.js';
import type { UpdateMeInput, UsersService } from './users.service.js';

/**
 * The bodies POST /v2/user/updateMe accepts (spec §7): the settings modal posts its whole form
 * object, so the schema is the caller's: the password change when `only_password` is present,
 * else the creator or the advertiser form. Keys outside that schema are dropped.
 */
const updateMeBodySchema = z
  .union([
    profileSchemas.updatePasswordBody,
    profileSchemas.updateMeTalentBody,
    profileSchemas.updateMeAdvertiserBody,
    profileSchemas.updateMeTalentProfileBody,
    profileSchemas.updateMeAdvertiserProfileBody,
    profileSchemas.updateMeAdminBody,
  ])
  .describe(
    'Password change `{old_password, new_password, only_password: true}` (any role), or the ' +
      'full profile form of the caller’s role (creator or advertiser; an admin sends only ' +
      '`fullname` and `profile_efile_id`), or with `step: "profile"` the profile tab alone ' +
      '(the settings’ Next); unknown keys are ignored.',
  );

/** Picks and applies the contract schema of this caller (see `updateMeBodySchema`). */
function parseUpdateMe(role: Role, body: unknown): UpdateMeInput {
  if (typeof body === 'object' && body !== null && 'only_password' in body) {
    return { kind: 'password', body: parseRequest(profileSchemas.updatePasswordBody, body) };
  }
  const isProfileStep =
    typeof body === 'object' && body !== null && 'step' in body && body.step === 'profile';
  if (role === 'TALENT') {
    const schema = isProfileStep
      ? profileSchemas.updateMeTalentProfileBody
      : profileSchemas.updateMeTalentBody;
    return { kind: 'talent', body: parseRequest(schema, body) };
  }
  if (isAdvertiserRole(role)) {
    const schema = isProfileStep
      ? profileSchemas.updateMeAdvertiserProfileBody
      : profileSchemas.updateMeAdvertiserBody;
    return { kind: 'advertiser', body: parseRequest(schema, body) };
  }
  if (role === 'ADMIN') {
    return { kind: 'admin', body: parseRequest(profileSchemas.updateMeAdminBody, body) };
  }
  throw forbidden();
}

/**
 * Password changes (updateMe with `only_password`) per user: each one checks the old password,
 * so without a limit a stolen access token could guess the password and keep the account.
 * Profile saves through the same route are not counted.
 */
const PASSWORD_CHANGE_RATE_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
  // The body (only_password) is parsed by preValidation; the bearer token by onRequest.
  hook: 'preValidation' as const,
  keyGenerator: (request: FastifyRequest) =>
    request.auth ? `password:user:${request.auth.userId}` : `password:ip:${request.ip}`,
  allowList: (request: FastifyRequest) => {
    const body = request.body;
    return !(typeof body === 'object' && body !== null && 'only_password' in body);
  },
};

export function createUsersRoutes(service: UsersService): ModuleRoutes {
  /** Category labels follow Accept-Language, else the caller's own language. */
  async function languageOf(request: FastifyRequest): Promise<Language> {
    return (
      parseAcceptLanguage(request.headers['accept-language']) ??
      service.findUserLanguage(currentUser(request).userId)
    );
  }

  return async (app) => {
    app.get(
      '/user/getMe',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['users'],
          summary: 'The signed-in user with profile, permissions and completion',
          security: bearerSecurity,
          response: { 200: meResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: toMe(await service.getMe(currentUser(request).userId)) }),
    );

    app.post(
      '/user/updateMe',
      {
        preHandler: app.authenticate,
        validatorCompiler: validateAllButBody,
        config: { rateLimit: PASSWORD_CHANGE_RATE_LIMIT },
        schema: {
          tags: ['users'],
          summary: 'Save the profile form, or change the password with only_password: true',
          security: bearerSecurity,
          body: updateMeBodySchema,
          response: { 200: meResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const caller = currentUser(request);
        const input = parseUpdateMe(caller.role, request.body as unknown);
        return { data: toMe(await service.updateMe(caller, input)) };
      },
    );

    app.put(
      '/user/notifications-preferences',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['users'],
          summary: 'Turn in-app notifications and e-mails on or off for the caller’s profile',
          security: bearerSecurity,
          body: profileSchemas.notificationPreferences,
          response: { 200: meResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const caller = currentUser(request);
        await service.updateNotificationPreferences(caller, request.body);
        return { data: toMe(await service.getMe(caller.userId)) };
      },
    );

    app.get(
      '/request/redirection',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['users'],
          summary: 'Where the home page sends the caller',
          security: bearerSecurity,
          response: { 200: redirectionResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ redirection: service.redirectionFor(currentUser(request).role) }),
    );

    app.get(
      '/request/get_twinkling/list',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['users'],
          summary: 'Menu highlight flags of the caller',
          security: bearerSecurity,
          response: { 200: twinklingResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: toTwinklingFlags(await service.getTwinklingFlags(currentUser(request).userId)),
      }),
    );

    app.post(
      '/request/twinkling/seen',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['users'],
          summary: 'The caller opened the page behind a highlighted menu item',
          security: bearerSecurity,
          body: twinklingSeenBodySchema,
          response: { 200: twinklingResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: toTwinklingFlags(
          await service.markTwinklingSeen(currentUser(request).userId, request.body.flag),
        ),
      }),
    );

    app.post(
      '/user-click/create',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['users'],
          summary: 'Record an analytics click of the caller',
          security: bearerSecurity,
          body: userClickBodySchema,
          response: { 201: userClickResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const click = await service.recordClick(currentUser(request), request.body);
        return reply.status(201).send({ data: toUserClick(click) });
      },
    );

    app.get(
      '/influencers/me/profile',
      {
        preHandler: app.requireRole('TALENT'),
        schema: {
          tags: ['users'],
          summary: 'The caller’s own public creator profile (showcase)',
          security: bearerSecurity,
          response: { 200: publicInfluencerProfileResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { userId } = currentUser(request);
        const profile = await service.getOwnPublicProfile(userId, await languageOf(request));
        return { data: toPublicInfluencerProfile(profile) };
      },
    );

    app.put(
      '/influencers/me/stats/:platform',
      {
        preHandler: app.requireRole('TALENT'),
        schema: {
          tags: ['users'],
          summary: 'The caller declares their own audience figures for one platform',
          description:
            'Stored with source "declared"; the engagement rate is computed from the figures. ' +
            'The platform must be one the creator has a username on.',
          security: bearerSecurity,
          params: platformParamsSchema,
          body: declaredStatsBodySchema,
          response: { 200: publicInfluencerProfileResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { userId } = currentUser(request);
        await service.declareStats(userId, request.params.platform, request.body);
        const profile = await service.getOwnPublicProfile(userId, await languageOf(request));
        return { data: toPublicInfluencerProfile(profile) };
      },
    );

    app.get(
      '/influencers/:influencerId/profile',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['users'],
          summary:
            'A creator’s public profile with audience figures; 404 for a creator not validated ' +
            'yet, but to themself and admins',
          security: bearerSecurity,
          params: idParamSchema('influencerId'),
          response: { 200: publicInfluencerProfileResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const profile = await service.getPublicProfile(
          request.params.influencerId,
          await languageOf(request),
          currentUser(request),
        );
        return { data: toPublicInfluencerProfile(profile) };
      },
    );

    app.get(
      '/users/:userId/influencer-profile',
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['users'],
          summary:
            'The public profile of the creator with this user id (spec §2 /profile/{userId}); ' +
            '404 for a creator not validated yet, but to themself and admins',
          security: bearerSecurity,
          params: idParamSchema('userId'),
          response: { 200: publicInfluencerProfileResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const profile = await service.getPublicProfileOfUser(
          request.params.userId,
          await languageOf(request),
          currentUser(request),
        );
        return { data: toPublicInfluencerProfile(profile) };
      },
    );
  };
}

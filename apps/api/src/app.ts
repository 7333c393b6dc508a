import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authPlugin } from './platform/auth/guard.js';
import { createTokenService, resolveJwtSecret } from './platform/auth/tokens.js';
import type { Database } from './platform/db/client.js';
import { repoRoot, toTrustProxy, type Env } from './platform/env.js';
import { installErrorHandler } from './platform/http/error-handler.js';
import { serializeRequest } from './platform/http/log-redaction.js';
import { allowedCorsOrigins, installSecurityHeaders } from './platform/http/security-headers.js';
import { createMailer } from './platform/mail/mailer.js';
import { createRealtimeHub } from './platform/realtime/hub.js';
import { createAuthModule } from './modules/auth/index.js';
import { createDiscoveryModule, findSearchQuota } from './modules/discovery/index.js';
import { createMediaModule } from './modules/media/index.js';
import { createNotificationsModule } from './modules/notifications/index.js';
import { createReferenceDataModule } from './modules/reference-data/index.js';
import { createSettingsModule } from './modules/settings/index.js';
import { createSupportModule } from './modules/support/index.js';
import { createUsersModule } from './modules/users/index.js';

/** JSON bodies above this are refused (uploads are multipart and have their own limits). */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Composition root: builds every module with its dependencies spelled out, and mounts
 * their routes under /v2. `main.ts` adds listening, realtime and demo data.
 */
export async function buildApp(env: Env, database: Database) {
  const app = Fastify({
    // Secrets in query strings (e-mail link tokens, signatures) never reach the log.
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : { level: env.LOG_LEVEL, serializers: { req: serializeRequest } },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Off unless configured: a client's own X-Forwarded-For must not choose its rate-limit key.
    trustProxy: toTrustProxy(env.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installSecurityHeaders(app);
  // Same-origin (the web app is served here) needs no CORS; other origins only when listed.
  const corsOrigins = allowedCorsOrigins(env);
  const corsOrigin = corsOrigins.length > 0 ? corsOrigins : false;

  const serverSecret = resolveJwtSecret(env.JWT_SECRET, env.DATA_DIR);
  const tokens = createTokenService(serverSecret, env.ACCESS_TOKEN_TTL_SECONDS);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
  });
  const realtime = createRealtimeHub({ tokens, pool: database.pool, corsOrigin });
  const { db } = database;
  const settings = createSettingsModule({ db });

  await app.register(helmet, { contentSecurityPolicy: false, crossOriginResourcePolicy: false });
  await app.register(cors, { origin: corsOrigin });
  // Per-route limits (login, reset, uploads) opt in with config.rateLimit.
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { files: 1, fields: 10 } });
  await app.register(authPlugin, { tokens });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Clipmarket API', version: '2.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/v2/docs' });

  const notifications = createNotificationsModule({
    db,
    env,
    mailer,
    realtime,
    settings: settings.reader,
  });
  const referenceData = createReferenceDataModule({ db });
  const media = createMediaModule({ db, env, serverSecret });
  const auth = createAuthModule({
    db,
    env,
    tokens,
    mailer,
    disconnectUser: (userId) => realtime.disconnectUser(userId),
  });
  const users = createUsersModule({
    db,
    env,
    revokeOtherSessions: auth.revokeOtherSessions,
    findSearchQuota,
  });
  const support = createSupportModule({ db, env, mailer });
  const discovery = createDiscoveryModule({
    db,
    cursorSecret: serverSecret,
    findUserLanguage: users.service.findUserLanguage,
  });

  await app.register(
    async (v2) => {
      v2.get(
        '/health',
        {
          schema: {
            tags: ['platform'],
            response: {
              200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
            },
          },
        },
        async () => {
          await database.query('select 1');
          return { status: 'ok' as const, database: database.kind };
        },
      );
      v2.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      for (const module of [
        auth,
        users,
        referenceData,
        media,
        notifications,
        support,
        discovery,
        settings,
      ]) {
        await v2.register(module.routes);
      }
    },
    { prefix: '/v2' },
  );

  serveWebApp(app);
  return {
    app,
    realtime,
    tokens,
    mailer,
    modules: {
      auth,
      users,
      referenceData,
      media,
      notifications,
      support,
      discovery,
      settings,
    },
  };
}

/** Serves the built web app (apps/web/dist) with client-side routing fallback. */
function serveWebApp(app: FastifyInstance) {
  const distDir = path.join(repoRoot, 'apps/web/dist');
  const hasWeb = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    void app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/v2') || request.url.startsWith('/socket.io');
    // A chunk of another build (an old tab after a deploy) must fail as a 404, so the page
    // offers "Retry", instead of receiving index.html as JavaScript.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && request.method === 'GET') {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Route not found' } });
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;

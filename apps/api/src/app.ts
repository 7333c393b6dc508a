import path from 'node:path';
import Fastify from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authPlugin, createAccessVerifier } from './platform/auth/guard.js';
import { createTokenService, resolveJwtSecret } from './platform/auth/tokens.js';
import type { Database } from './platform/db/client.js';
import { publicUrlOf, toTrustProxy, type Env } from './platform/env.js';
import { createIdempotency } from './platform/http/idempotency.js';
import { createInProcessFetch } from './platform/http/in-process-fetch.js';
import {
  registerRateLimitCleanup,
  sharedRateLimitOptions,
} from './platform/http/rate-limit-store.js';
import { installErrorHandler } from './platform/http/error-handler.js';
import { notFound } from './platform/http/errors.js';
import { installTextInputCheck } from './platform/http/text-input.js';
import { healthRoutes } from './platform/http/health.js';
import {
  installRequestContext,
  jobLogFields,
  requestIdOf,
} from './platform/http/request-context.js';
import { createLifecycle, trackRequestsForDrain } from './platform/http/shutdown.js';
import { createMetrics } from './platform/metrics/metrics.js';
import { serializeRequest } from './platform/http/log-redaction.js';
import { serveWebApp } from './platform/http/web-app.js';
import { allowedCorsOrigins, installSecurityHeaders } from './platform/http/security-headers.js';
import { bearerSecurity, errorResponses } from './platform/http/types.js';
import { createEventBus } from './platform/events/event-bus.js';
import { createJobQueue } from './platform/jobs/job-queue.js';
import { createMailQueue } from './platform/mail/mail-queue.js';
import { createMailer } from './platform/mail/mailer.js';
import { createWorkflow } from './platform/workflow/workflow.js';
import { isDurationSettingKey } from '@clipmarket/contracts/business-settings';
import type { DomainEvents } from './domain-events.js';
import { createRealtimeHub } from './platform/realtime/hub.js';
import { createAuthModule, createAuthSessionCheck } from './modules/auth/index.js';
import {
  createContentRequestsModule,
  createContentRequestsVideoPort,
  campaignReadsOfRequests,
  performanceReadsOfRequests,
  registerDeliveryLineSource,
  toolboxLines,
  metricsLinksOfRequests,
  describeLineParties,
  mediaKitReadsOfRequests,
  inspirationReadsOfRequests,
  getStartedReadsOfRequests,
  reputationReadsOfRequests,
} from './modules/content-requests/index.js';
import { createContentVideosModule } from './modules/content-videos/index.js';
import { createCreatorPricesModule } from './modules/creator-prices/index.js';
import { createLicenceLifecycleModule, createLicencesModule } from './modules/licences/index.js';
import { createReviewsModule, ratingSummariesOf } from './modules/reviews/index.js';
import {
  createDiscoveryModule,
  creatorReachRelation,
  describeCreatorReach,
  findSearchQuota,
} from './modules/discovery/index.js';
import { createMediaModule, describeFiles, findOwnedFiles } from './modules/media/index.js';
import {
  campaignReadsOfOpportunities,
  reputationReadsOfOpportunities,
  createOpportunitiesModule,
  opportunityDeliveryLines,
} from './modules/opportunities/index.js';
import { createCampaignsModule } from './modules/campaigns/index.js';
import { createGetStartedModule } from './modules/get-started/index.js';
import { createMediaKitModule, visitsOfKitsBetween } from './modules/media-kit/index.js';
import { createInspirationModule } from './modules/inspiration/index.js';
import { createReputationModule } from './modules/reputation/index.js';
import { createPerformanceModule } from './modules/performance/index.js';
import { createNotificationsModule } from './modules/notifications/index.js';
import { createReferenceDataModule } from './modules/reference-data/index.js';
import { createEinvoicePlatform, createInvoicesModule } from './modules/invoices/index.js';
import { createKonnectSandboxModule } from './modules/konnect-sandbox/index.js';
import { createLedgerModule } from './modules/ledger/index.js';
import { createKonnectClient, createPaymentsModule } from './modules/payments/index.js';
import { createPayoutsModule } from './modules/payouts/index.js';
import { createPromoCodesModule } from './modules/promo-codes/index.js';
import { createTrackedLinksModule } from './modules/tracked-links/index.js';
import {
  createInstagramSource,
  createPublicationMetricsModule,
  createTikTokSource,
  figuresOfLineGroups,
  metricsOfLines,
  resolveMetricsTokenKey,
} from './modules/publication-metrics/index.js';
import { createSocialSandboxModule } from './modules/social-sandbox/index.js';
import { createSettingsModule } from './modules/settings/index.js';
import { createSupportModule } from './modules/support/index.js';
import { createWalletModule } from './modules/wallet/index.js';
import { createCreatorValidationModule } from './modules/creator-validation/index.js';
import {
  createCreatorAccounts,
  advertiserUserIdsAmong,
  createUsersModule,
  describePayoutAccounts,
  describeRequestAdvertiser,
  describeRequestAdvertisers,
  describeLinkParties,
  describeMediaKitCreator,
  describeCreators,
  describeRequestCreators,
  findAccountById,
  findCreatorByInfluencerName,
  findInvoiceBuyer,
  findReputationCreator,
  hasCompleteFinancialInfo,
  influencerIdOfUser,
  lightTwinklingFlagOfCreators,
  listAdminUserIds,
  missingLegalInfo,
  setMediaKitFlag,
  toPublicInfluencerProfile,
} from './modules/users/index.js';

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
        : { level: env.LOG_LEVEL, serializers: { req: serializeRequest }, mixin: jobLogFields },
    // The load balancer's X-Request-Id when sane, else a new one; answered in the same header.
    genReqId: requestIdOf,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Off unless configured: a client's own X-Forwarded-For must not choose its rate-limit key.
    trustProxy: toTrustProxy(env.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installRequestContext(app);
  // Per app, never prom-client's global registry: tests build several apps in one process.
  const metrics = createMetrics();
  metrics.instrument(app);
  const lifecycle = createLifecycle();
  trackRequestsForDrain(app, lifecycle);
  installErrorHandler(app);
  installSecurityHeaders(app);
  installTextInputCheck(app);
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
  const { db } = database;
  // Every request and every realtime join checks that the token's session is still open.
  const sessions = createAuthSessionCheck({ db });
  const verifyAccess = createAccessVerifier({ tokens, isSessionActive: sessions.isActive });
  const realtime = createRealtimeHub({
    verify: verifyAccess,
    pool: database.pool,
    corsOrigin,
    onError: (error) => app.log.error({ err: error }, 'realtime adapter error'),
  });
  const settings = createSettingsModule({ db });
  const jobs = createJobQueue({
    database,
    schema: env.JOBS_SCHEMA,
    runWorkers: env.RUN_WORKERS,
    runSchedules: env.RUN_WORKERS,
    pollingIntervalSeconds: env.JOB_POLL_SECONDS,
    expireCapSeconds: env.JOB_EXPIRE_SECONDS,
    log: app.log,
    metrics,
  });
  metrics.readQueueDepthsWith(jobs.queueDepths);
  const events = createEventBus<DomainEvents>({
    db,
    jobs,
    log: app.log,
    jobQueue: env.JOBS_SCHEMA,
  });
  const mail = createMailQueue({ mailer, jobs, stager: events });
  const workflow = createWorkflow({
    db,
    events,
    jobs,
    log: app.log,
    readSettingHours: (key) =>
      isDurationSettingKey(key)
        ? settings.reader.getHours(db, key)
        : Promise.reject(new Error(`${key} is not a duration setting`)),
  });

  await app.register(helmet, { contentSecurityPolicy: false, crossOriginResourcePolicy: false });
  await app.register(cors, { origin: corsOrigin });
  // Per-route limits (login, reset, uploads) opt in with config.rateLimit; every API process
  // counts them together in PostgreSQL.
  await app.register(rateLimit, {
    global: false,
    ...sharedRateLimitOptions({ database, namespace: env.RATE_LIMIT_NAMESPACE, log: app.log }),
  });
  registerRateLimitCleanup({ database, jobs });
  await app.register(multipart, { limits: { files: 1, fields: 10 } });
  await app.register(authPlugin, { verify: verifyAccess });
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
    mail,
    realtime,
    events,
    listAdminUserIds: () => listAdminUserIds(db),
    settings: settings.reader,
    jobs,
    log: app.log,
    // The weekly campaign summary (issue 24 §6) reads campaigns and performance, built below:
    // bound at call time.
    campaignSummaryReads: {
      advertisersWithCampaignsBetween: (days, page) =>
        campaigns.service.advertisersWithCampaignsBetween(days, page),
      listCampaigns: (caller, page) => campaigns.service.list(caller, page),
      campaignPerformance: (caller, campaignId) =>
        performance.service.campaign(caller, campaignId, 'mixed'),
      approvedLinksOfLines: metricsLinksOfRequests.approvedLinksOfLines,
    },
    // The weekly "your media kit was viewed N times" (issue 25 §5) counts the kits' visits.
    mediaKitViewsReads: { visitsOfKitsBetween },
  });
  const referenceData = createReferenceDataModule({ db });
  const media = createMediaModule({
    db,
    env,
    serverSecret,
    onUploadStored: (kind, bytes) => metrics.uploadReceived(kind, bytes),
  });
  const auth = createAuthModule({
    db,
    env,
    tokens,
    mail,
    events,
    sessions,
    disconnectSessions: (sessionIds) => realtime.disconnectSessions(sessionIds),
  });
  const users = createUsersModule({
    db,
    env,
    revokeOtherSessions: auth.revokeOtherSessions,
    findSearchQuota,
    // Creator-validation is built after users (it reads their profiles): bound at call time.
    findValidationStatus: (db, userId) => creatorValidation.service.statusOf(db, userId),
  });
  const creatorValidation = createCreatorValidationModule({
    db,
    workflow,
    events,
    jobs,
    accounts: createCreatorAccounts({
      loadPublicProfile: async (userId, language) =>
        toPublicInfluencerProfile(await users.service.getOwnPublicProfile(userId, language)),
      findUserLanguage: (userId) => users.service.findUserLanguage(userId),
    }),
  });
  const support = createSupportModule({ db, env, mail });
  // Rate cards: discovery's cards and content requests read prices through it.
  const creatorPrices = createCreatorPricesModule({ db, settings: settings.reader });
  // Usage licences (issue 27 §1): creators' rates; requests and opportunities price and freeze
  // the licence of each line through it.
  const licences = createLicencesModule({ db, settings: settings.reader });
  const discovery = createDiscoveryModule({
    db,
    cursorSecret: serverSecret,
    findUserLanguage: users.service.findUserLanguage,
    priceSetsOf: creatorPrices.priceSetsOf,
  });
  // The wallet and checkout call its service; admins read the books (`/admin/ledger`).
  const ledger = createLedgerModule({ db, events, jobs, onPosted: metrics.ledgerPosted });
  // Issued by a purchase's module in the transaction that records its payment (ADR 018).
  const invoices = createInvoicesModule({
    db,
    seller: {
      name: env.INVOICE_SELLER_NAME,
      taxRegistrationNumber: env.INVOICE_SELLER_TAX_NUMBER,
      address: env.INVOICE_SELLER_ADDRESS,
    },
    findBuyer: findInvoiceBuyer,
    // Each invoice's TEIF file goes to El Fatoora through this adapter (ADR 045).
    einvoicePlatform: createEinvoicePlatform(env.EINVOICE_PLATFORM),
    events,
    jobs,
    log: app.log,
  });
  // Admins manage the codes; the checkout checks and redeems them in its own transactions.
  const promoCodes = createPromoCodesModule({ db });

  // Payments go through Konnect's client; by default to the Konnect-compatible sandbox inside
  // this app (ADR 017), reached in-process whatever PUBLIC_URL points at.
  const publicUrl = publicUrlOf(env);
  const inProcessFetch = createInProcessFetch(app, [
    publicUrl,
    `http://localhost:${env.PORT}`,
    `http://127.0.0.1:${env.PORT}`,
  ]);
  const konnectSandbox = env.KONNECT_API_URL
    ? null
    : createKonnectSandboxModule({
        db,
        jobs,
        config: {
          apiKey: env.KONNECT_API_KEY,
          walletId: env.KONNECT_WALLET_ID,
          publicUrl,
          merchantName: 'Clipmarket',
        },
        callUrl: async (url) => ({ status: (await inProcessFetch(url)).status }),
      });
  const paymentGateway = createKonnectClient({
    baseUrl: env.KONNECT_API_URL ?? `${publicUrl}/sandbox/konnect/api/v2`,
    apiKey: env.KONNECT_API_KEY,
    walletId: env.KONNECT_WALLET_ID,
    fetch: inProcessFetch,
  });
  const payments = createPaymentsModule({
    db,
    workflow,
    events,
    jobs,
    gateway: paymentGateway,
    ledger: ledger.service,
    log: app.log,
    publicUrl,
  });
  // One Idempotency-Key store for every money POST (wallet packs, content requests).
  const idempotency = createIdempotency({ db, jobs });
  // Wallet packs: the first purchase through the checkout; the web app is served at publicUrl.
  const wallet = createWalletModule({
    db,
    ledger: ledger.service,
    payments: payments.service,
    settings: settings.reader,
    promoCodes: promoCodes.service,
    invoices: invoices.service,
    missingLegalInfo,
    idempotency,
    webUrl: publicUrl,
    log: app.log,
  });
  // Creator payouts (issue 11 §6): content requests schedule them when a line is paid; admins
  // export batches and mark them paid (ledger: creator earnings to payouts sent).
  const payouts = createPayoutsModule({
    db,
    workflow,
    ledger: ledger.service,
    settings: settings.reader,
    events,
    describePayoutAccounts,
    supportEmail: env.SUPPORT_EMAIL,
  });
  // Content requests: the platform fee from the wallet or the gateway, lines in their process.
  const contentRequests = createContentRequestsModule({
    db,
    workflow,
    events,
    videoEvents: events,
    realtime,
    jobs,
    ledger: ledger.service,
    payments: payments.service,
    settings: settings.reader,
    promoCodes: promoCodes.service,
    invoices: invoices.service,
    users: {
      describeRequestCreators,
      describeRequestAdvertiser,
      describeRequestAdvertisers,
      missingLegalInfo,
      hasCompleteFinancialInfo,
    },
    media: { findOwnedFiles, describeFiles },
    creatorPrices,
    licences,
    similarCreators: discovery.service.similarCreators,
    // Paying a line schedules the creator's payout; the line shows its expected date.
    payouts: { schedule: payouts.schedule, payoutOfSource: payouts.payoutOfSource },
    // The line's videos (content-videos, built next): bound at call time.
    videos: {
      listForLine: (q, lineId, viewer) => contentVideos.listForLine(q, lineId, viewer),
      latestOf: (q, lineId) => contentVideos.latestOf(q, lineId),
    },
    idempotency,
    webUrl: publicUrl,
    log: app.log,
  });
  // Licences once bought (issue 27 §1, part B): the page, the wallet-paid renewal (the
  // creator's payout and the invoice as the content fee's), the Spark code, the expiry job.
  const licenceLifecycle = createLicenceLifecycleModule({
    db,
    settings: settings.reader,
    events,
    jobs,
    ledger: ledger.service,
    lines: { describeLineParties },
    payouts: { schedule: payouts.schedule },
    invoices: invoices.service,
    // The line's latest video (content-videos, built below): bound at call time.
    videos: { latestOf: (q, lineId) => contentVideos.latestOf(q, lineId) },
    idempotency,
    log: app.log,
  });
  // Opportunities (issue 23): drafts, checkout, discovery, applications; an accepted
  // application's video is delivered on a content-requests line (ADR 035).
  const opportunities = createOpportunitiesModule({
    db,
    workflow,
    events,
    jobs,
    ledger: ledger.service,
    payments: payments.service,
    settings: settings.reader,
    promoCodes: promoCodes.service,
    invoices: invoices.service,
    media: { findOwnedFiles },
    users: {
      describeRequestCreators,
      missingLegalInfo,
      roleOfUser: async (q, userId) => (await findAccountById(q, userId))?.role,
    },
    creators: {
      influencerIdOfUser,
      describeRequestCreators,
      describeRequestAdvertisers,
      hasCompleteFinancialInfo,
      describeCreatorReach,
      creatorReachRelation,
      lightTwinklingFlagOfCreators,
    },
    lines: contentRequests.opportunityLines,
    idempotency,
    webUrl: publicUrl,
    log: app.log,
  });
  registerDeliveryLineSource('opportunity', opportunityDeliveryLines);
  // Campaigns (issue 24 §1): an advertiser's requests and opportunities under a goal, with
  // their deliveries and their money from the ledger.
  const campaigns = createCampaignsModule({
    db,
    sources: {
      requestsOf: campaignReadsOfRequests.requestsOf,
      linesOf: campaignReadsOfRequests.linesOf,
      opportunitiesOf: campaignReadsOfOpportunities.opportunitiesOf,
    },
    ledger: ledger.service,
    creators: { describeRequestCreators },
    // The public report reads the campaign's performance page (built below): bound at call time.
    performance: {
      campaign: (caller, campaignId, view) =>
        performance.service.campaign(caller, campaignId, view),
    },
    advertisers: { describeRequestAdvertiser },
  });
  // Creators' videos (issue 11 §1, §2, §9): tus uploads, the processing job, signed reads.
  const contentVideos = createContentVideosModule({
    db,
    env,
    events,
    jobs,
    settings: settings.reader,
    lines: {
      ...createContentRequestsVideoPort({ describeRequestAdvertiser }),
      submitVideo: contentRequests.service.submitVideo,
    },
    licences: { expiredLicenceOf: licenceLifecycle.expiredLicenceOf },
    serverSecret,
    log: app.log,
    storage: media.storage,
    pool: database.pool,
    onUploadBytes: (bytes) => metrics.uploadReceived('video', bytes),
  });
  // The uploads' lock connections (PostgreSQL) close with the app.
  app.addHook('onClose', () => contentVideos.close());
  // Tracked links (issue 24 §5): the creator's toolbox and the counted redirect /l/{code}.
  const trackedLinks = createTrackedLinksModule({
    db,
    lines: toolboxLines,
    users: { describeLinkParties },
    // The line's campaign names the links' utm_campaign and gives their landing page.
    campaigns: { campaignOfSource: campaigns.service.campaignOfSource },
    publicUrl,
    serverSecret,
    trustCountryHeader: toTrustProxy(env.TRUST_PROXY) !== false,
    visitsPerMinute: env.LINK_RATE_LIMIT_PER_MINUTE,
    log: app.log,
  });
  // The clicks still waiting behind the redirect are written before the database closes.
  app.addHook('onClose', async () => {
    await trackedLinks.service.flushClicks();
  });
  // Publication metrics (issue 24 §2): Instagram's and TikTok's APIs, by default the sandboxes
  // built in at /sandbox/social (development and demo only, ADR 030), reached in-process.
  const metricsClock = { now: () => new Date() };
  const socialSandbox =
    env.INSTAGRAM_API_URL && env.TIKTOK_API_URL
      ? null
      : createSocialSandboxModule({
          db,
          config: {
            publicUrl,
            instagram: { appId: env.INSTAGRAM_APP_ID, appSecret: env.INSTAGRAM_APP_SECRET },
            tiktok: { clientKey: env.TIKTOK_CLIENT_KEY, clientSecret: env.TIKTOK_CLIENT_SECRET },
          },
          signingSecret: serverSecret,
          now: () => metricsClock.now(),
        });
  const sandboxOrigin = `${publicUrl}/sandbox/social`;
  const publicationMetrics = createPublicationMetricsModule({
    db,
    events,
    jobs,
    sources: {
      instagram: createInstagramSource({
        authorizeUrl: env.INSTAGRAM_API_URL
          ? 'https://www.instagram.com/oauth/authorize'
          : `${sandboxOrigin}/instagram/oauth/authorize`,
        tokenUrl: env.INSTAGRAM_API_URL
          ? 'https://api.instagram.com/oauth/access_token'
          : `${sandboxOrigin}/instagram/oauth/access_token`,
        graphUrl: env.INSTAGRAM_API_URL ?? `${sandboxOrigin}/instagram/graph`,
        appId: env.INSTAGRAM_APP_ID,
        appSecret: env.INSTAGRAM_APP_SECRET,
        fetch: inProcessFetch,
        now: () => metricsClock.now(),
      }),
      tiktok: createTikTokSource({
        authorizeUrl: env.TIKTOK_API_URL
          ? 'https://www.tiktok.com/v2/auth/authorize/'
          : `${sandboxOrigin}/tiktok/v2/auth/authorize/`,
        apiUrl: env.TIKTOK_API_URL ?? `${sandboxOrigin}/tiktok`,
        clientKey: env.TIKTOK_CLIENT_KEY,
        clientSecret: env.TIKTOK_CLIENT_SECRET,
        fetch: inProcessFetch,
        now: () => metricsClock.now(),
      }),
    },
    links: { ...metricsLinksOfRequests, lineParties: describeLineParties },
    media: { findOwnedFiles },
    users: { describeRequestCreators, describeRequestAdvertisers },
    tokenKey: resolveMetricsTokenKey(env.METRICS_TOKEN_KEY, env.DATA_DIR),
    stateSecret: serverSecret,
    publicUrl,
    clock: metricsClock,
    log: app.log,
  });
  // Performance (issue 24 §3): the published videos' figures against what they cost, read
  // from the items' lines, the metrics, the tracked links' clicks and the ledger.
  const performance = createPerformanceModule({
    db,
    items: {
      requestsOf: campaignReadsOfRequests.requestsOf,
      opportunitiesOf: campaignReadsOfOpportunities.opportunitiesOf,
      linesOf: performanceReadsOfRequests.linesOf,
      linesByItemOf: performanceReadsOfRequests.linesByItemOf,
      approvedLinksOf: performanceReadsOfRequests.approvedLinksOf,
    },
    campaigns: {
      campaignsWithItems: campaigns.service.campaignsWithItems,
      campaignOfSource: campaigns.service.campaignOfSource,
    },
    // The campaign's report prints its dates and budget as its page reads them.
    campaignPages: { get: campaigns.service.get },
    // Through the service: the clicks waiting behind the redirect are written before they count.
    figures: {
      metricsOfLines,
      figuresOfLineGroups,
      clicksOfLines: trackedLinks.service.clicksOfLines,
      peopleOfLineGroups: trackedLinks.service.peopleOfLineGroups,
    },
    ledger: ledger.service,
    creators: { describeRequestCreators },
  });

  // The creator's media kit (issue 25): filled from the profile, the delivered work, the rate
  // card and the published videos' figures; rendered by a job, public by the creator's name.
  const mediaKit = createMediaKitModule({
    db,
    events,
    jobs,
    storage: media.storage,
    settings: settings.reader,
    creators: { describeMediaKitCreator, findCreatorByInfluencerName, setMediaKitFlag },
    advertisers: { describeRequestAdvertisers },
    lines: mediaKitReadsOfRequests,
    prices: { priceSetsOf: creatorPrices.priceSetsOf },
    metrics: { metricsOfLines },
    media: { findOwnedFiles, describeFiles },
    // The featured videos' posters, copied into each rendering's public folder.
    videos: { posterOfLine: contentVideos.posterOfLine },
    notifications: { notify: notifications.notify },
    realtime,
    publicUrl,
    serverSecret,
    webDistDir: env.WEB_DIST_DIR,
    log: app.log,
  });

  // Get started (issue 25 §4): the creator's onboarding steps from their account and lines.
  const getStarted = createGetStartedModule({
    db,
    creators: { creatorFirstSteps: users.service.creatorFirstSteps },
    lines: getStartedReadsOfRequests,
  });

  // Measured reputation (issue 27 §2, ADR 047): figures of creators and advertisers.
  const reputation = createReputationModule({
    db,
    parties: { findReputationCreator, advertiserUserIdsAmong },
    lines: reputationReadsOfRequests,
    opportunities: reputationReadsOfOpportunities,
    settings: settings.reader,
    // Written reviews' summaries (the reviews module), added to both sides' figures.
    reviews: { ratingSummariesOf: (q, userIds) => ratingSummariesOf(q, userIds) },
  });

  // Written reviews (issue 27 §2): both ways after a paid line, blind; its clock tests move.
  const reviews = createReviewsModule({
    db,
    events,
    jobs,
    log: app.log,
    clock: { now: () => new Date() },
  });

  // Get inspired (issue 25 §3): the published videos both parties allowed showing.
  const inspiration = createInspirationModule({
    db,
    lines: inspirationReadsOfRequests,
    creators: { describeCreators },
    media: { describeFiles },
    metrics: { metricsOfLines },
    videos: { posterOfLine: contentVideos.posterOfLine },
  });

  const modules = {
    ledger,
    payments,
    wallet,
    contentRequests,
    contentVideos,
    opportunities,
    campaigns,
    trackedLinks,
    publicationMetrics,
    performance,
    mediaKit,
    getStarted,
    inspiration,
    reputation,
    reviews,
    payouts,
    invoices,
    promoCodes,
    auth,
    users,
    referenceData,
    media,
    notifications,
    support,
    discovery,
    creatorPrices,
    licences,
    licenceLifecycle,
    creatorValidation,
    settings,
  };

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
      // Jobs that failed for good (e-mails included): every failure is also in the logs.
      v2.get(
        '/admin/jobs/failed',
        {
          preHandler: app.requireRole('ADMIN'),
          schema: {
            tags: ['admin'],
            summary: 'Background jobs that failed after all their retries (dead letters)',
            security: bearerSecurity,
            response: {
              200: z.object({
                data: z.array(
                  z.object({
                    id: z.string(),
                    queue: z.string(),
                    failed_at: z.string(),
                    error: z.string().nullable(),
                  }),
                ),
              }),
              ...errorResponses,
            },
          },
        },
        async () => ({
          data: (await jobs.listDeadLetters()).map((job) => ({
            id: job.id,
            queue: job.name,
            failed_at: new Date(job.created_on).toISOString(),
            error: describeJobError(job.output),
          })),
        }),
      );
      // Runs a failed job again once its cause is fixed (it gets its retries again).
      v2.post(
        '/admin/jobs/failed/:job_id/retry',
        {
          preHandler: app.requireRole('ADMIN'),
          schema: {
            tags: ['admin'],
            summary: 'Sends a failed job (dead letter) to its queue again; 404 once retried',
            security: bearerSecurity,
            params: z.object({ job_id: z.string().max(64) }),
            response: {
              200: z.object({ data: z.object({ id: z.string(), queue: z.string() }) }),
              ...errorResponses,
            },
          },
        },
        async (request) => {
          // Checked by the params schema above.
          const { job_id: jobId } = request.params as { job_id: string };
          const retried = await jobs.retryDeadLetter(jobId);
          if (!retried) throw notFound('Failed job');
          return { data: { id: jobId, queue: retried.queue } };
        },
      );
      // The load balancer's probes (`/v2/health` above stays as it was).
      await v2.register(
        healthRoutes({
          selectOne: () => database.query('select 1'),
          storage: media.storage,
          jobs,
          lifecycle,
        }),
      );
      for (const module of Object.values(modules)) await v2.register(module.routes);
    },
    { prefix: '/v2' },
  );

  // Background work starts once the app is ready and stops, letting running jobs end, on close.
  app.addHook('onReady', async () => {
    await jobs.start();
    events.start();
    await events.relay();
  });
  app.addHook('onClose', async () => {
    await events.stop();
    // Draining for shutdown: running jobs may finish until its deadline, then go back.
    await jobs.stop(lifecycle.deadline);
  });

  if (konnectSandbox) await app.register(konnectSandbox.routes, { prefix: '/sandbox/konnect' });
  await app.register(trackedLinks.redirectRoutes);
  if (socialSandbox) await app.register(socialSandbox.routes, { prefix: '/sandbox/social' });
  await app.register(mediaKit.pageRoutes);
  serveWebApp(app, env.WEB_DIST_DIR);
  return {
    app,
    realtime,
    metrics,
    lifecycle,
    tokens,
    mailer,
    jobs,
    events,
    workflow,
    mail,
    modules,
    ledger,
    paymentGateway,
    konnectSandbox,
    socialSandbox,
    payments,
  };
}

function describeJobError(output: unknown): string | null {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return output == null ? null : JSON.stringify(output).slice(0, 500);
}

export type App = Awaited<ReturnType<typeof buildApp>>;

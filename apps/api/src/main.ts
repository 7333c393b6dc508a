import path from 'node:path';
import { buildApp } from './app.js';
import { openDatabase } from './platform/db/client.js';
import { prepareDatabase } from './prepare-database.js';
import { loadEnvOrExit } from './platform/env.js';
import { serveMetricsAndStopOnSignals } from './process-lifecycle.js';
import {
  seedDemoCampaigns,
  seedDemoContentRequests,
  seedDemoData,
  seedDemoDeliveries,
  seedDemoOpportunities,
  seedDemoMoney,
  seedDemoMediaKit,
  seedDemoPublicationFigures,
  seedDemoReviews,
  seedDemoTrackedLinks,
} from './demo/index.js';

// Boot order: env -> db (migrate) -> app -> demo data -> http -> realtime.
const env = loadEnvOrExit();
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: path.join(env.DATA_DIR, 'db'),
});
await prepareDatabase(database, env.JOBS_SCHEMA);
const built = await buildApp(env, database);
const { app, realtime, modules, konnectSandbox, socialSandbox } = built;
// Before the jobs run: what they push reaches the sockets of every API process (PostgreSQL).
realtime.start();
// Ready first: the jobs and the outbox relay run, so what the demo seed stages is sent at once.
await app.ready();
// After the app is built: the demo pictures go through the media service's storage, the demo
// wallet through the checkout and the built-in gateway (none with a real Konnect).
const demo = env.SEED_DEMO_DATA
  ? await seedDemoData(database, env, {
      media: modules.media.service,
      settings: modules.settings.reader,
    })
  : null;
const demoMoney =
  env.SEED_DEMO_DATA && konnectSandbox
    ? await seedDemoMoney(database.db, {
        wallet: modules.wallet.service,
        payments: modules.payments.service,
        promoCodes: modules.promoCodes.service,
        payAtGateway: async (paymentRef) => {
          await konnectSandbox.service.pay(paymentRef, '4509211111111119');
        },
      })
    : null;
// Paid from the wallet the packs above filled: after them.
const demoRequests = demoMoney
  ? await seedDemoContentRequests(database.db, { contentRequests: modules.contentRequests.service })
  : null;
// Opportunities (issue 23): published from the same wallet, answered by demo creators; their
// accepted applications' lines are delivered with the requests' below.
const demoOpportunities = demoMoney
  ? await seedDemoOpportunities(database.db, { opportunities: modules.opportunities })
  : null;
// Then the deliveries (issue 11) of the requests and of the opportunities' lines: videos, review,
// payment, links, payouts, a dispute, through the modules' services as the demo accounts.
const demoDeliveries = demoMoney
  ? await seedDemoDeliveries(database.db, {
      contentRequests: modules.contentRequests.service,
      videos: modules.contentVideos,
      payouts: modules.payouts,
      settings: modules.settings.reader,
      delivery: modules.contentRequests,
      ffmpeg: env.FFMPEG_PATH,
      workDir: path.join(env.DATA_DIR, 'tmp'),
      log: app.log,
    })
  : null;
// Campaigns (issue 24): some of the requests and an opportunity above, grouped.
const demoCampaigns = demoMoney
  ? await seedDemoCampaigns(database.db, { campaigns: modules.campaigns.service })
  : null;
// Then the published videos' figures, read from the built-in social sandboxes (none with the
// real APIs), and the creator's short links with their clicks (issue 24 §7).
const demoFigures =
  demoMoney && socialSandbox
    ? await seedDemoPublicationFigures(database.db, {
        contentRequests: modules.contentRequests.service,
        metrics: modules.publicationMetrics,
        sandbox: socialSandbox.service,
        media: modules.media.service,
        log: app.log,
      })
    : null;
const demoClicks = demoMoney
  ? await seedDemoTrackedLinks(database.db, { trackedLinks: modules.trackedLinks.service })
  : null;
// Last, her media kit (issue 25): her published videos above, shown with the brand's consent,
// rendered by the render job.
const demoMediaKit = demoMoney
  ? await seedDemoMediaKit(database.db, {
      contentRequests: modules.contentRequests.service,
      mediaKit: modules.mediaKit.service,
      log: app.log,
    })
  : null;
// Both sides' reviews of her completed opportunity delivery (issue 27 §2).
const demoReviews = demoMoney
  ? await seedDemoReviews(database.db, {
      contentRequests: modules.contentRequests.service,
      reviews: modules.reviews.service,
    })
  : null;
await app.listen({ port: env.PORT, host: env.HOST });
realtime.attach(app.server);
app.log.info(`Clipmarket on http://localhost:${env.PORT} (database: ${database.kind})`);
if (demo?.seeded) app.log.info(demo, 'Demo data created (accounts: see README)');
if (demoMoney?.packsBought) app.log.info(demoMoney, 'Demo wallet packs bought');
if (demoRequests?.requestsCreated) app.log.info(demoRequests, 'Demo content requests sent');
if (demoOpportunities?.opportunitiesCreated) {
  app.log.info(demoOpportunities, 'Demo opportunities published and answered');
}
if (demoCampaigns?.campaignsCreated || demoCampaigns?.shareLinksCreated) {
  app.log.info(demoCampaigns, 'Demo campaigns created (and the public report link)');
}
if (demoFigures && Object.values(demoFigures).some((count) => count > 0)) {
  app.log.info(demoFigures, 'Demo publication figures read (sandboxes, creator figures)');
}
if (demoClicks?.visitsRecorded) app.log.info(demoClicks, 'Demo tracked link clicks recorded');
if (demoMediaKit?.kitsRendered) app.log.info(demoMediaKit, 'Demo media kit rendered');
if (demoReviews?.reviewsWritten) app.log.info(demoReviews, 'Demo reviews written');
if (demoDeliveries?.requestsCreated || demoDeliveries?.stepsTaken) {
  app.log.info(demoDeliveries, 'Demo deliveries made (videos, reviews, payments, links)');
}

await serveMetricsAndStopOnSignals(built, database, env);

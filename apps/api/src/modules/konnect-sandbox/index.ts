import type { Db } from '../../platform/db/client.js';
import { defineJob, type JobQueue } from '../../platform/jobs/job-queue.js';
import { createKonnectSandboxRoutes, type SandboxConfig } from './konnect-sandbox.routes.js';
import { createKonnectSandboxService } from './konnect-sandbox.service.js';

export { SANDBOX_CARDS } from './konnect-sandbox.service.js';

/**
 * A Konnect-compatible payment gateway inside Clipmarket (ADR 017), the default gateway, so
 * every payment flow runs end to end with the production Konnect client and no outside service.
 * `callUrl` reaches the webhook (the app itself, in-process, or the network).
 */
export function createKonnectSandboxModule(deps: {
  db: Db;
  jobs: JobQueue;
  config: SandboxConfig;
  callUrl: (url: string) => Promise<{ status: number }>;
}) {
  const webhookJob = defineJob<{ url: string }>({
    name: 'konnect-sandbox-webhook',
    retryLimit: 5,
    retryDelaySeconds: 5,
    handle: async ({ url }) => {
      const { status } = await deps.callUrl(url);
      // Konnect calls a webhook again when it did not answer 2xx; so does the sandbox.
      if (status >= 300) throw new Error(`Webhook ${url} answered ${status}`);
    },
  });
  deps.jobs.register(webhookJob);
  const service = createKonnectSandboxService({
    db: deps.db,
    ownOrigin: new URL(deps.config.publicUrl).origin,
    notify: async (url) => {
      await deps.jobs.send(webhookJob, { url });
    },
  });
  return { routes: createKonnectSandboxRoutes(service, deps.config), service };
}

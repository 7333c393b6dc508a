import type { Db } from '../../platform/db/client.js';
import { createSocialSandboxRoutes, type SocialSandboxConfig } from './social-sandbox.routes.js';
import { createSocialSandboxService } from './social-sandbox.service.js';

export type { SocialSandboxConfig } from './social-sandbox.routes.js';
export type { SocialSandboxService, SandboxLifetimes } from './social-sandbox.service.js';
export { sandboxFigures, FILLER_POSTS } from './social-sandbox.service.js';

/**
 * Instagram- and TikTok-compatible sandboxes inside Clipmarket (issue 24 §2), the default metrics
 * sources until real API addresses are set (development, demo and tests: a deployment refuses
 * them). Mounted at `/sandbox/social` by app.ts.
 */
export function createSocialSandboxModule(deps: {
  db: Db;
  config: SocialSandboxConfig;
  signingSecret: string;
  now: () => Date;
}) {
  const service = createSocialSandboxService(deps);
  return { routes: createSocialSandboxRoutes(service, deps.config), service };
}

import { createRedirectRoutes, createToolboxRoutes } from './tracked-links.routes.js';
import { createTrackedLinksService, type TrackedLinksDeps } from './tracked-links.service.js';

export type {
  CampaignsForLinks,
  LinesForLinks,
  ToolboxLineFacts,
  UsersForLinks,
} from './tracked-links.ports.js';
export type { TrackedLinksService } from './tracked-links.service.js';

/**
 * Tracked links (issue 24 §5): the creator's toolbox (`/v2/toolbox…`: a short link per delivery
 * and platform, QR codes, where links can go) and the redirect `/l/{code}`, mounted outside
 * /v2, which counts people, link previews apart, and no bot. Owns `tracked_links` and
 * `tracked_link_clicks`.
 */
export function createTrackedLinksModule(
  deps: TrackedLinksDeps & {
    /** Visits of short links per address and minute. */ visitsPerMinute: number;
  },
) {
  const service = createTrackedLinksService(deps);
  return {
    routes: createToolboxRoutes(service),
    /** Mounted at the root by app.ts: short links stay short. */
    redirectRoutes: createRedirectRoutes(service, deps.visitsPerMinute),
    service,
  };
}

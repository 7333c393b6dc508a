import type { DbOrTx } from '../../platform/db/client.js';
import { createRedirectRoutes, createToolboxRoutes } from './tracked-links.routes.js';
import { trackedLinksRepository } from './tracked-links.repository.js';
import { createTrackedLinksService, type TrackedLinksDeps } from './tracked-links.service.js';

export type {
  CampaignsForLinks,
  LinesForLinks,
  ToolboxLineFacts,
  UsersForLinks,
} from './tracked-links.ports.js';
export type { TrackedLinksService } from './tracked-links.service.js';

/**
 * For the performance pages: people and link-preview fetches counted on every short link of
 * each delivery line (lines without a link or a click are absent).
 */
export function clicksOfLines(
  q: DbOrTx,
  lineIds: readonly number[],
): Promise<Map<number, { people: number; previews: number }>> {
  return trackedLinksRepository.countsOfLines(q, lineIds);
}

/**
 * Tracked links (issue 24 §5): the creator's toolbox (`/v2/toolbox…`: a short link per delivery
 * and platform, QR codes, where links can go) and the redirect `/l/{code}`, mounted outside
 * /v2, which counts people, link previews apart, and no bot. Owns `tracked_links` and
 * `tracked_link_clicks`.
 */
export function createTrackedLinksModule(deps: TrackedLinksDeps) {
  const service = createTrackedLinksService(deps);
  return {
    routes: createToolboxRoutes(service),
    /** Mounted at the root by app.ts: short links stay short. */
    redirectRoutes: createRedirectRoutes(service),
    service,
  };
}

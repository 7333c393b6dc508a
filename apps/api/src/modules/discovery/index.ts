import type { Db } from '../../platform/db/client.js';
import type { LabelLanguage } from '../users/index.js';
import { createDiscoveryRepository } from './discovery.repository.js';
import { createDiscoveryRoutes } from './discovery.routes.js';
import { createDiscoveryService } from './discovery.service.js';
import { createSearchCursors } from './search-cursor.js';

export type { DiscoveryService } from './discovery.service.js';

/**
 * Discovery (spec §3 "Search filters", "Quota"): advertisers search creators through the
 * trigger-maintained `creator_search` table, within their quota, and keep favourites and
 * shortlists. See docs/decisions/007-creator-search-table.md.
 */
export function createDiscoveryModule(deps: {
  db: Db;
  /** Server secret the search cursors are signed with (a key is derived from it). */
  cursorSecret: string;
  /** The user's own label language, when the request names none (users module). */
  findLabelLanguage: (userId: number) => Promise<LabelLanguage>;
}) {
  const service = createDiscoveryService({
    repo: createDiscoveryRepository(deps.db),
    cursors: createSearchCursors(deps.cursorSecret),
  });
  return { routes: createDiscoveryRoutes(service, deps.findLabelLanguage), service };
}

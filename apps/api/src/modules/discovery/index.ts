import type { Db } from '../../platform/db/client.js';
import type { Language } from '../../platform/i18n.js';
import { createDiscoveryRoutes } from './discovery.routes.js';
import type { PriceSetsOf } from './cards.js';
import { createDiscoveryService } from './discovery.service.js';
import { createSearchCursors } from './search-cursor.js';

export type { DiscoveryService } from './discovery.service.js';
export type { SimilarCreators } from './similar.service.js';
/** For the demo data (apps/api/src/demo): the demo brand's favourites and shortlist. */
/** For opportunities: the creators' place and public figures (matching, comparing applicants). */
export {
  creatorReachRelation,
  describeCreatorReach,
  type CreatorAudience,
  type CreatorReach,
} from './creator-audiences.js';
export { hasShortListNamed, seedDemoFavorites, seedDemoShortList } from './discovery.demo-seed.js';
export {
  findSearchQuota,
  startFreeTrial,
  type QuotaRow as SearchQuotaRow,
} from './quota.service.js';

/**
 * Discovery (spec §3 "Search filters", "Quota"): advertisers search creators through the
 * trigger-maintained `creator_search` table, within their quota, and keep favourites and
 * shortlists. See docs/decisions/007-creator-search-table.md. Discovery owns creator_search,
 * search_quotas, search_history, favorites, short_lists and short_list_influencers; it reads
 * creators' profiles, pictures and category labels through users, media and reference data.
 * Other modules reach the quota through `findSearchQuota` (getMe) and `startFreeTrial`
 * (sign-up), both on the caller's database or transaction; content requests offer similar
 * creators through the service's `similarCreators` (wired by the composition root).
 */
export function createDiscoveryModule(deps: {
  db: Db;
  /** Server secret the search cursors are signed with (a key is derived from it). */
  cursorSecret: string;
  /** The user's own language, when the request names none (users module). */
  findUserLanguage: (userId: number) => Promise<Language>;
  /** Creator prices' `priceSetsOf`: the prices each card shows (one read per page). */
  priceSetsOf: PriceSetsOf;
}) {
  const service = createDiscoveryService({
    db: deps.db,
    cursors: createSearchCursors(deps.cursorSecret),
    priceSetsOf: deps.priceSetsOf,
  });
  return { routes: createDiscoveryRoutes(service, deps.findUserLanguage), service };
}

import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import { advertiserIdOf } from '../users/index.js';
import { createListsService } from './lists.service.js';
import { createQuotaService } from './quota.service.js';
import type { PriceSetsOf } from './cards.js';
import type { SearchCursors } from './search-cursor.js';
import { createSearchService } from './search.service.js';
import { createSimilarService } from './similar.service.js';

export type { SearchBody } from './search.service.js';

/**
 * Discovery's use cases, one file per responsibility: the search (search.service.ts), the
 * quota and history (quota.service.ts), favourites and shortlists (lists.service.ts), similar
 * creators (similar.service.ts).
 */
export function createDiscoveryService(deps: {
  db: Db;
  cursors: SearchCursors;
  /** Creator prices' batched read of rate cards, for the cards' prices. */
  priceSetsOf: PriceSetsOf;
  /** The clock quota dates are read against; tests may pin it. */
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Discovery is the advertisers' side: a user without an advertiser profile gets a 404. */
  async function advertiserOf(userId: number): Promise<number> {
    const advertiserId = await advertiserIdOf(db, userId);
    if (advertiserId === undefined) throw notFound('Advertiser profile');
    return advertiserId;
  }

  return {
    ...createSearchService({
      db,
      cursors: deps.cursors,
      advertiserOf,
      now,
      priceSetsOf: deps.priceSetsOf,
    }),
    ...createQuotaService({ db, advertiserOf, now }),
    ...createListsService({ db, advertiserOf, priceSetsOf: deps.priceSetsOf }),
    ...createSimilarService({ db, advertiserOf, priceSetsOf: deps.priceSetsOf }),
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;

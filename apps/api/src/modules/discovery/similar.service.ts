import type { InfluencerCard } from '@clipmarket/contracts/discovery';
import type { ReferenceLanguage } from '@clipmarket/contracts/reference-data';
import type { Db } from '../../platform/db/client.js';
import { cardsOf, type PriceSetsOf } from './cards.js';
import type { Platform } from './search.repository.js';
import { findSimilarCreatorIds } from './similar.repository.js';

/**
 * Similar creators (issue 10 §5): what an advertiser is offered when creators of a content
 * request let it expire or declined it. Not a search: it costs no search of the quota, so it
 * has no route of its own — content requests call it for their own lines only, which keeps it
 * from being a free way around the quota.
 */
export type SimilarCreators = ReturnType<typeof createSimilarService>['similarCreators'];

export function createSimilarService(deps: {
  db: Db;
  advertiserOf: (userId: number) => Promise<number>;
  priceSetsOf: PriceSetsOf;
}) {
  const { db, advertiserOf, priceSetsOf } = deps;
  return {
    async similarCreators(
      userId: number,
      query: { platform: Platform; like: number[]; exclude?: number[]; limit: number },
      language: ReferenceLanguage,
    ): Promise<InfluencerCard[]> {
      const advertiserId = await advertiserOf(userId);
      const ids = await findSimilarCreatorIds(db, {
        platform: query.platform,
        likeIds: query.like,
        excludeIds: query.exclude ?? [],
        limit: query.limit,
      });
      return cardsOf(db, advertiserId, ids, query.platform, language, priceSetsOf);
    },
  };
}

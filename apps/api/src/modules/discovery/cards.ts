import type { CreatorCardPrices, InfluencerCard } from '@clipmarket/contracts/discovery';
import { sizeBandOf, toAgeInterval } from '@clipmarket/contracts/enums';
import type { ReferenceLanguage } from '@clipmarket/contracts/reference-data';
import type { DbOrTx } from '../../platform/db/client.js';
import { readAll } from '../../platform/db/transaction.js';
import { describeFiles } from '../media/index.js';
import { findCategories } from '../reference-data/index.js';
import { describeCreators } from '../users/index.js';
import { createSearchRepository, type Platform } from './search.repository.js';
import { unique } from './search-filters.js';

const searchRepository = createSearchRepository();

/**
 * Creator prices' `priceSetsOf`: each creator's price per video length, in one batched read
 * for a whole page of cards (wired by the composition root).
 */
export type PriceSetsOf = (
  db: DbOrTx,
  influencerIds: readonly number[],
) => Promise<Map<number, CreatorCardPrices>>;

/**
 * Cards of these creators for an advertiser, in the order of `ids`, with one platform's
 * figures; creators deleted meanwhile are left out. Each part comes from its owner: the
 * profile from users, the picture from media, the category labels from reference data, the
 * figures and the heart from discovery's own tables. Public fields only: a card never
 * carries CIN, payout numbers, address, phone or e-mail.
 */
export async function cardsOf(
  db: DbOrTx,
  advertiserId: number,
  ids: number[],
  platform: Platform,
  language: ReferenceLanguage,
  priceSetsOf: PriceSetsOf,
): Promise<InfluencerCard[]> {
  if (ids.length === 0) return [];
  // Side by side on the database, one after another on a transaction (readAll).
  const [creators, figures, prices] = await readAll(db, [
    () => describeCreators(db, ids),
    () => searchRepository.findCardFigures(db, advertiserId, ids, platform),
    () => priceSetsOf(db, ids),
  ]);
  const found = [...creators.values()];
  const [files, categories] = await readAll(db, [
    () =>
      describeFiles(
        db,
        found.flatMap((creator) => (creator.profileFileId ? [creator.profileFileId] : [])),
      ),
    () => findCategories(db, unique(found.flatMap((creator) => creator.categoryIds)), language),
  ]);
  return ids.flatMap((id): InfluencerCard[] => {
    const creator = creators.get(id);
    if (!creator) return [];
    const card = figures.get(id);
    const creatorPrices = prices.get(id);
    if (!creatorPrices) return [];
    const stats = card?.figures ?? null;
    const followers = stats?.followersCount ?? 0;
    return [
      {
        influencer_id: creator.influencerId,
        influencer_name: creator.influencerName,
        first_name: creator.firstName,
        last_name: creator.lastName,
        ig_username: creator.igUsername,
        tiktok_username: creator.tiktokUsername,
        efile: creator.profileFileId ? (files.get(creator.profileFileId) ?? null) : null,
        // In the catalogue's order, as reference data lists them.
        categories: categories.filter((c) => creator.categoryIds.includes(c.category_id)),
        gender: creator.gender,
        age_intervale: toAgeInterval(creator.ageInterval),
        country: creator.country,
        city: creator.city,
        country_of_origin: creator.countryOfOrigin,
        platform,
        size_band: sizeBandOf(followers),
        followers_count: followers,
        posts_count: stats?.postsCount ?? 0,
        avg_likes: stats?.avgLikes ?? 0,
        avg_comments: stats?.avgComments ?? 0,
        avg_video_views: stats?.avgVideoViews ?? 0,
        engagement_rate: Number(stats?.engagementRate ?? 0),
        persons_reached: stats?.personsReached ?? 0,
        stats_source: stats?.source ?? null,
        stats_updated_at: stats?.updatedAt ? stats.updatedAt.toISOString() : null,
        is_favorite: card?.isFavorite ?? false,
        prices: creatorPrices,
      },
    ];
  });
}

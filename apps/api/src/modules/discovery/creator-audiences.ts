import { sizeBands, type SizeBand } from '@clipmarket/contracts/enums';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { creatorSearch } from './discovery.schema.js';

/** One platform of a creator as advertisers compare them: figures, their source and date. */
export interface CreatorAudience {
  platform: 'instagram' | 'tiktok';
  followers: number;
  engagementRate: number;
  sizeBand: SizeBand;
  /** `declared` by the creator or `verified`; null while there are no figures. */
  source: 'declared' | 'verified' | null;
  measuredAt: Date | null;
}

/** Where a creator lives and what they make: what an opportunity's audience rules match. */
export interface CreatorReach {
  influencerId: number;
  isValidated: boolean;
  country: string | null;
  city: string | null;
  categoryIds: number[];
  audiences: CreatorAudience[];
}

/**
 * Creators' public figures and place from the search table (ADR 007), one entry per creator
 * with one audience per platform they have: what opportunities match creators on and what an
 * advertiser compares applicants by. Never private data.
 */
export async function describeCreatorReach(
  db: DbOrTx,
  influencerIds: readonly number[],
): Promise<Map<number, CreatorReach>> {
  const ids = [...new Set(influencerIds)];
  const found = new Map<number, CreatorReach>();
  if (ids.length === 0) return found;
  const rows = await db
    .select()
    .from(creatorSearch)
    .where(inArray(creatorSearch.influencerId, ids))
    .orderBy(creatorSearch.influencerId, creatorSearch.platform);
  for (const row of rows) {
    const reach = found.get(row.influencerId) ?? {
      influencerId: row.influencerId,
      isValidated: row.isValidated,
      country: row.country,
      city: row.city,
      categoryIds: row.categoryIds,
      audiences: [],
    };
    reach.audiences.push({
      platform: row.platform,
      followers: row.followersCount,
      engagementRate: Number(row.engagementRate),
      sizeBand: sizeBands[row.sizeBand ?? 0]?.value ?? 'nano',
      source: row.statsSource,
      measuredAt: row.statsUpdatedAt,
    });
    found.set(row.influencerId, reach);
  }
  return found;
}

/** The size bands' values by ordinal (`creator_search.size_band`), as an SQL array. */
const sizeBandValues = sql.raw(`array[${sizeBands.map((band) => `'${band.value}'`).join(', ')}]`);

/**
 * `describeCreatorReach` for every creator at once, as a relation another module's statement
 * reads (one row per creator): `influencer_id`, `is_validated`, `country`, `city`,
 * `size_bands` (text[]: the bands of their audiences) and `platforms` (text[]). For matching
 * many creators in one statement, such as lighting Discover Opportunities for those an
 * opportunity opens to; the same figures as `describeCreatorReach` (a missing band is nano).
 */
export function creatorReachRelation(): SQL {
  const c = creatorSearch;
  return sql`(select ${c.influencerId} as influencer_id,
      bool_and(${c.isValidated}) as is_validated,
      min(${c.country}) as country,
      min(${c.city}) as city,
      array_agg(distinct (${sizeBandValues})[coalesce(${c.sizeBand}, 0) + 1]) as size_bands,
      array_agg(${c.platform}::text) as platforms
    from ${c} group by ${c.influencerId})`;
}

import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { influencerStats, influencers, users } from './users.schema.js';

/**
 * Reads the creator-prices module makes of the users module's tables: whose rate card (the
 * caller's creator profile) and what decides a creator's suggested prices (their audience),
 * on the caller's database or transaction.
 */

/** The creator profile of a user; undefined for anyone else. */
export async function influencerIdOfUser(db: DbOrTx, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: influencers.id })
    .from(influencers)
    .where(eq(influencers.userId, userId))
    .limit(1);
  return row?.id;
}

/** What a rate card needs of a creator. */
export interface PricedCreator {
  influencerId: number;
  /** The account is validated: advertisers see only those. */
  isValidated: boolean;
  /** The most followers on any platform (0 without figures): it gives the size band. */
  topFollowers: number;
}

/** These creators, by influencer id, in one query; unknown ids are absent. */
export async function describePricedCreators(
  db: DbOrTx,
  influencerIds: readonly number[],
): Promise<Map<number, PricedCreator>> {
  const ids = [...new Set(influencerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      influencerId: influencers.id,
      isValidated: users.isValidated,
      topFollowers: sql<number>`coalesce((
        select max(${influencerStats.followersCount}) from ${influencerStats}
        where ${influencerStats.influencerId} = ${influencers.id}), 0)`,
    })
    .from(influencers)
    .innerJoin(users, eq(users.id, influencers.userId))
    .where(inArray(influencers.id, ids));
  return new Map(
    rows.map((row) => [row.influencerId, { ...row, topFollowers: Number(row.topFollowers) }]),
  );
}

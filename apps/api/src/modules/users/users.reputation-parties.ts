import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { advertisers, influencers, users } from './users.schema.js';

/** Whose figures a reputation page shows (issue 27 §2): a creator's account and standing. */
export interface ReputationCreator {
  influencerId: number;
  userId: number;
  /** Not validated yet: shown to themself and admins only, as the public profile. */
  isValidated: boolean;
}

/** The creator behind an influencer id; undefined when there is none. */
export async function findReputationCreator(
  db: DbOrTx,
  influencerId: number,
): Promise<ReputationCreator | undefined> {
  const [row] = await db
    .select({ userId: influencers.userId, isValidated: users.isValidated })
    .from(influencers)
    .innerJoin(users, eq(users.id, influencers.userId))
    .where(eq(influencers.id, influencerId))
    .limit(1);
  return row && { influencerId, userId: row.userId, isValidated: row.isValidated === true };
}

/** Which of these user ids are advertisers (brand or agency), in one query. */
export async function advertiserUserIdsAmong(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: advertisers.userId })
    .from(advertisers)
    .where(inArray(advertisers.userId, [...userIds]));
  return new Set(rows.map((row) => row.userId));
}

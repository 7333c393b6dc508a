import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { advertisers, influencers, users } from './users.schema.js';

/**
 * Reads the content-requests module makes of the users module's tables: the chosen creators
 * (who they are, whether validated), the advertiser a creator sees, and whether a creator may
 * accept work (financial info complete), on the caller's database or transaction.
 */

export interface RequestCreator {
  influencerId: number;
  userId: number;
  isValidated: boolean;
  /** The public display name (the social username, else first and last name). */
  name: string;
  /** The profile picture (media's `describeFiles` describes it). */
  profileFileId: number | null;
}

/** These creators, by influencer id, in one query; unknown ids are absent. */
export async function describeRequestCreators(
  db: DbOrTx,
  influencerIds: readonly number[],
): Promise<Map<number, RequestCreator>> {
  const ids = [...new Set(influencerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      influencerId: influencers.id,
      userId: influencers.userId,
      isValidated: users.isValidated,
      influencerName: influencers.influencerName,
      firstName: influencers.firstName,
      lastName: influencers.lastName,
      profileFileId: users.profileFileId,
    })
    .from(influencers)
    .innerJoin(users, eq(users.id, influencers.userId))
    .where(inArray(influencers.id, ids));
  return new Map(
    rows.map((row) => [
      row.influencerId,
      {
        influencerId: row.influencerId,
        userId: row.userId,
        isValidated: row.isValidated,
        name:
          row.influencerName?.trim() ||
          [row.firstName, row.lastName].filter(Boolean).join(' ').trim(),
        profileFileId: row.profileFileId,
      },
    ]),
  );
}

/** The advertiser a creator sees on a request: name and picture; undefined for a non-advertiser. */
export async function describeRequestAdvertiser(
  db: DbOrTx,
  userId: number,
): Promise<{ name: string; profileFileId: number | null } | undefined> {
  return (await describeRequestAdvertisers(db, [userId])).get(userId);
}

/** Several advertisers at once (a page of opportunity cards), keyed by user id. */
export async function describeRequestAdvertisers(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<Map<number, { name: string; profileFileId: number | null }>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      userId: advertisers.userId,
      name: advertisers.name,
      profileFileId: users.profileFileId,
    })
    .from(advertisers)
    .innerJoin(users, eq(users.id, advertisers.userId))
    .where(inArray(advertisers.userId, ids));
  return new Map(
    rows.map((row) => [row.userId, { name: row.name ?? '', profileFileId: row.profileFileId }]),
  );
}

/**
 * The advertiser's business sector (their category, issue 27 §1: a licence's exclusivity
 * covers it), or null when they gave none or are not an advertiser.
 */
export async function businessSectorOfAdvertiser(
  db: DbOrTx,
  userId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ sectorId: advertisers.businessSectorId })
    .from(advertisers)
    .where(eq(advertisers.userId, userId))
    .limit(1);
  return row?.sectorId ?? null;
}

/**
 * Whether a creator can be paid: a CIN and the 20-digit number of their payment method (bank
 * RIB or D17 RIP). They accept a request only then (its content fee is paid out to it).
 */
export async function hasCompleteFinancialInfo(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({
      cin: influencers.cin,
      paymentMethod: influencers.paymentMethod,
      cardNumber: influencers.cardNumber,
      cardNumberD17: influencers.cardNumberD17,
    })
    .from(influencers)
    .where(eq(influencers.userId, userId))
    .limit(1);
  if (!row) return false;
  const account = row.paymentMethod === 'd17' ? row.cardNumberD17 : row.cardNumber;
  return (row.cin ?? '').trim() !== '' && (account ?? '').trim() !== '';
}

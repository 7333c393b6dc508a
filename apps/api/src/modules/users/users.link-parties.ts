import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { advertisers, influencers } from './users.schema.js';

/**
 * For tracked links (issue 24 §5): the brand's name and website (a link's page when no campaign
 * gives one) and the creator's handle (the readable code and `utm_content`).
 */
export async function describeLinkParties(
  db: DbOrTx,
  parties: { advertiserUserIds: readonly number[]; creatorUserIds: readonly number[] },
): Promise<{
  advertisers: Map<number, { name: string; websiteUrl: string | null }>;
  creators: Map<number, { handle: string }>;
}> {
  const advertiserIds = [...new Set(parties.advertiserUserIds)];
  const creatorIds = [...new Set(parties.creatorUserIds)];
  const [advertiserRows, creatorRows] = await Promise.all([
    advertiserIds.length === 0
      ? []
      : db
          .select({
            userId: advertisers.userId,
            name: advertisers.name,
            companyName: advertisers.companyName,
            websiteUrl: advertisers.websiteUrl,
          })
          .from(advertisers)
          .where(inArray(advertisers.userId, advertiserIds)),
    creatorIds.length === 0
      ? []
      : db
          .select({
            userId: influencers.userId,
            influencerName: influencers.influencerName,
            igUsername: influencers.igUsername,
            tiktokUsername: influencers.tiktokUsername,
            firstName: influencers.firstName,
            lastName: influencers.lastName,
          })
          .from(influencers)
          .where(inArray(influencers.userId, creatorIds)),
  ]);
  return {
    advertisers: new Map(
      advertiserRows.map((row) => [
        row.userId,
        { name: row.name?.trim() || row.companyName?.trim() || '', websiteUrl: row.websiteUrl },
      ]),
    ),
    creators: new Map(
      creatorRows.map((row) => [
        row.userId,
        {
          handle:
            row.igUsername?.trim() ||
            row.tiktokUsername?.trim() ||
            row.influencerName?.trim() ||
            [row.firstName, row.lastName].filter(Boolean).join(' ').trim(),
        },
      ]),
    ),
  };
}

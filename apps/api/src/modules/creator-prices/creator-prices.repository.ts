import { and, eq, inArray } from 'drizzle-orm';
import type { VideoDuration } from '@clipmarket/contracts/content-requests';
import type { DbOrTx } from '../../platform/db/client.js';
import { creatorPrices } from './creator-prices.schema.js';

export interface CustomPriceRow {
  influencerId: number;
  videoDuration: VideoDuration;
  price: number;
}

/** The SQL of the creator-prices module: its one table, `creator_prices`. */
export const creatorPricesRepository = {
  /** The custom prices of these creators (all lengths, or one), in one query. */
  async findCustom(
    db: DbOrTx,
    influencerIds: readonly number[],
    duration?: VideoDuration,
  ): Promise<CustomPriceRow[]> {
    if (influencerIds.length === 0) return [];
    const rows = await db
      .select({
        influencerId: creatorPrices.influencerId,
        videoDuration: creatorPrices.videoDuration,
        price: creatorPrices.price,
      })
      .from(creatorPrices)
      .where(
        and(
          inArray(creatorPrices.influencerId, [...new Set(influencerIds)]),
          duration === undefined ? undefined : eq(creatorPrices.videoDuration, duration),
        ),
      );
    return rows.map((row) => ({ ...row, videoDuration: row.videoDuration as VideoDuration }));
  },

  async upsert(
    db: DbOrTx,
    influencerId: number,
    duration: VideoDuration,
    price: number,
  ): Promise<void> {
    await db
      .insert(creatorPrices)
      .values({ influencerId, videoDuration: duration, price })
      .onConflictDoUpdate({
        target: [creatorPrices.influencerId, creatorPrices.videoDuration],
        set: { price, updatedAt: new Date() },
      });
  },

  /** Back to the suggested price: the length's row goes. */
  async remove(db: DbOrTx, influencerId: number, duration: VideoDuration): Promise<void> {
    await db
      .delete(creatorPrices)
      .where(
        and(
          eq(creatorPrices.influencerId, influencerId),
          eq(creatorPrices.videoDuration, duration),
        ),
      );
  },
};

import { businessSettingDefaults } from '@clipmarket/contracts/business-settings';
import { videoDurations, type VideoDuration } from '@clipmarket/contracts/content-requests';
import { PRICE_MAX_MILLIMES, suggestedPriceSettingKey } from '@clipmarket/contracts/creator-prices';
import { sizeBandOf } from '@clipmarket/contracts/enums';
import type { Random } from './prng.js';

/** A demo creator's custom price for one length (creator_prices), in millimes. */
export interface DemoPriceRow {
  influencerId: number;
  videoDuration: VideoDuration;
  price: number;
}

/**
 * The demo creator account's rate card, below its band's suggested prices (mid-tier) at every
 * length: a 30 s price alone, under the suggested 15 s price, made a 15 s video dearer than a
 * 30 s one.
 */
export const DEMO_CREATOR_ACCOUNT_PRICES: Partial<Record<VideoDuration, number>> = {
  15: 100_000,
  30: 150_000,
  60: 220_000,
};

/**
 * Custom prices for about a third of the demo creators (issue 10 §1), so cards show both
 * custom and suggested prices: the suggested default of their band, 70 % to 160 %, in whole
 * dinars, at every length (one factor for all three keeps a longer video dearer: a 30 s price
 * alone could fall under the suggested 15 s price or rise above the suggested 60 s one).
 */
export function buildDemoPrices(
  random: Random,
  creators: readonly { influencerId: number; topFollowers: number }[],
): DemoPriceRow[] {
  const defaults = businessSettingDefaults();
  return creators.flatMap((creator): DemoPriceRow[] => {
    if (!random.chance(1 / 3)) return [];
    const band = sizeBandOf(creator.topFollowers);
    const factor = random.between(0.7, 1.6);
    return videoDurations.map((duration) => {
      const suggested = defaults[suggestedPriceSettingKey(band, duration)];
      const dinars = Math.max(1, Math.round((suggested * factor) / 1000));
      return {
        influencerId: creator.influencerId,
        videoDuration: duration,
        price: Math.min(dinars * 1000, PRICE_MAX_MILLIMES),
      };
    });
  });
}

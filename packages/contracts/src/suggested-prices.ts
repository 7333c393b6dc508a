/**
 * The suggested prices grid (issue 10 §1): what a creator of each size band usually asks per
 * video length, the business settings `suggested_price_<band>_<length>s_millimes`. Creators'
 * rate cards start from it; an opportunity's price band is checked against it (issue 23 §2:
 * "price per video as a band (min–max, checked against the suggested prices grid)"). Zod-free,
 * so the publishing screens read it without loading zod.
 */
import type { BusinessSettingKey } from './business-settings.js';
import { sizeBands, type SizeBand } from './enums.js';

/** The video lengths the grid prices (content requests' `videoDurations`). */
export const pricedDurations = [15, 30, 60] as const;
export type PricedDuration = (typeof pricedDurations)[number];

/** The grid: per length (`'30'`), the suggested price of each size band, in millimes. */
export type SuggestedPriceGrid = Record<`${PricedDuration}`, Record<SizeBand, number>>;

/** The business setting holding the suggested price of `band` for `duration`. */
export function suggestedPriceSettingKey(band: SizeBand, duration: PricedDuration) {
  return `suggested_price_${band.replace('-', '_')}_${duration}s_millimes` as BusinessSettingKey;
}

/** The grid as the settings hold it now (`read`: a setting's current value). */
export function suggestedPriceGridOf(
  read: (key: BusinessSettingKey) => number,
): SuggestedPriceGrid {
  const row = (duration: PricedDuration) =>
    Object.fromEntries(
      sizeBands.map((band) => [band.value, read(suggestedPriceSettingKey(band.value, duration))]),
    ) as Record<SizeBand, number>;
  return { '15': row(15), '30': row(30), '60': row(60) };
}

/**
 * The lowest and highest suggested price for a `duration` video among `bands`, the creator
 * sizes an opportunity asks for: every size when it names none (it is open to every creator).
 */
export function suggestedPriceRange(
  grid: SuggestedPriceGrid,
  bands: readonly SizeBand[],
  duration: PricedDuration,
): { min: number; max: number } {
  const chosen = bands.length > 0 ? bands : sizeBands.map((band) => band.value);
  const prices = chosen.map((band) => grid[`${duration}`][band]);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/**
 * The rule on an opportunity's price band: its maximum may not be under the lowest suggested
 * price of the sizes it asks for, at its length (no creator it looks for would apply). Answers
 * that lowest price when the band is under it, else null (also while the length or the maximum
 * is not chosen: a draft may be incomplete).
 */
export function priceBelowSuggested(
  grid: SuggestedPriceGrid,
  opportunity: {
    price_max: number | null;
    video_duration: number | null;
    size_bands: readonly SizeBand[];
  },
): number | null {
  const duration = pricedDurations.find((length) => length === opportunity.video_duration);
  if (opportunity.price_max === null || duration === undefined) return null;
  const { min } = suggestedPriceRange(grid, opportunity.size_bands, duration);
  return opportunity.price_max < min ? min : null;
}

import { z } from 'zod';
import { videoDurations, type VideoDuration } from './content-requests.js';
import { formatMoney } from './money-format.js';

/**
 * A creator's rate card (issue 10 §1): a price per video length, in millimes, set in their
 * showcase. Until a creator sets a length's price, the suggested price of their size band
 * applies (business settings `suggested_price_<band>_<length>s_millimes`). A request freezes
 * the price of its length into each line when it is sent.
 */
export const PRICE_MIN_MILLIMES = 1_000;
export const PRICE_MAX_MILLIMES = 100_000_000;

/** A video's price: whole dinars, in millimes (rate cards, opportunities' price bands). */
export const videoPriceSchema = z
  .number({ error: 'The price is required' })
  .int('The price is a whole number of millimes')
  .min(PRICE_MIN_MILLIMES, `The price is at least ${formatMoney(PRICE_MIN_MILLIMES, 'en')}`)
  .max(PRICE_MAX_MILLIMES, `The price is at most ${formatMoney(PRICE_MAX_MILLIMES, 'en')}`)
  .refine((amount) => amount % 1000 === 0, 'A price is a whole number of dinars');

/** PUT /v2/influencer/prices: one price per length; null goes back to the suggested price. */
export const creatorPricesBodySchema = z.object({
  prices: z.object({
    '15': videoPriceSchema.nullable(),
    '30': videoPriceSchema.nullable(),
    '60': videoPriceSchema.nullable(),
  }),
});
export type CreatorPricesBody = z.input<typeof creatorPricesBodySchema>;

export const rateCardEntrySchema = z.object({
  video_duration: z.union(videoDurations.map((d) => z.literal(d))),
  /** What advertisers pay for this length. */
  price: z.number().int(),
  /** The creator set it (false: the suggested price of their size band). */
  is_custom: z.boolean(),
  suggested_price: z.number().int(),
});
export type RateCardEntry = z.infer<typeof rateCardEntrySchema>;

export const rateCardResponseSchema = z.object({
  data: z.object({ rate_card: z.array(rateCardEntrySchema) }),
});

/**
 * A longer video never costs less than a shorter one: the first length priced above the next
 * one (with the price of that next one), or null when a rate card is in order.
 */
export function priceOrderProblem(
  prices: Readonly<Record<VideoDuration, number>>,
): { duration: VideoDuration; longer: VideoDuration; longerPrice: number } | null {
  for (let index = 0; index + 1 < videoDurations.length; index += 1) {
    const duration = videoDurations[index]!;
    const longer = videoDurations[index + 1]!;
    if (prices[duration] > prices[longer]) return { duration, longer, longerPrice: prices[longer] };
  }
  return null;
}

/** The business setting of a suggested price (the grid lives in `suggested-prices.ts`). */
export { suggestedPriceSettingKey } from './suggested-prices.js';

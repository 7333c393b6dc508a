import type { VideoDuration } from '@clipmarket/contracts/content-requests';

/** A video length in seconds, as rate cards price them. */
export type PriceLength = VideoDuration;

/** The lengths a card can show the price of (contracts' `videoDurations`, without zod). */
export const priceLengths: readonly PriceLength[] = [15, 30, 60];
export const DEFAULT_PRICE_LENGTH: PriceLength = 30;

const STORAGE_KEY = 'clipmarket.discovery.priceLength';

/** The length last chosen on the discover page (30 s until one is). */
export function readPriceLength(): PriceLength {
  try {
    const stored = Number(localStorage.getItem(STORAGE_KEY));
    return priceLengths.find((length) => length === stored) ?? DEFAULT_PRICE_LENGTH;
  } catch {
    return DEFAULT_PRICE_LENGTH;
  }
}

export function savePriceLength(length: PriceLength): void {
  try {
    localStorage.setItem(STORAGE_KEY, String(length));
  } catch {
    // Private browsing without storage: the choice lasts for the page only.
  }
}

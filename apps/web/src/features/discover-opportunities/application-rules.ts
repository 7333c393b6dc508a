import type { RateCardEntry } from '@clipmarket/contracts/creator-prices';

/** Contract limits of an application (`applicationBodySchema`), checked here first. */
export const PITCH_MAX = 2000;
export const ANSWER_MAX = 1000;

/**
 * The price an application starts from: the creator's own rate-card price for the video's
 * length when it is inside the band, else the band's minimum. Millimes.
 */
export function startingPrice(
  rateCard: readonly RateCardEntry[] | undefined,
  videoDuration: number | null,
  band: { min: number; max: number },
): number {
  const own = rateCard?.find((entry) => entry.video_duration === videoDuration)?.price;
  return own !== undefined && own >= band.min && own <= band.max ? own : band.min;
}

export type PriceProblem = 'required' | 'wholeDinars' | 'outsideBand';

/** What is wrong with a price typed in dinars, for a band in millimes (null: nothing). */
export function priceProblemOf(
  dinars: number | string,
  band: { min: number; max: number },
): PriceProblem | null {
  if (typeof dinars !== 'number' || !Number.isFinite(dinars)) return 'required';
  if (!Number.isInteger(dinars)) return 'wholeDinars';
  const millimes = dinars * 1000;
  return millimes < band.min || millimes > band.max ? 'outsideBand' : null;
}

export type TextProblem = 'required' | 'tooLong';

export function textProblemOf(text: string, max: number): TextProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  return trimmed.length > max ? 'tooLong' : null;
}

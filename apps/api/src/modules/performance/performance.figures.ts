/**
 * The arithmetic of the performance pages (issue 24 §3), pure: costs in integer millimes,
 * ratios as integers rounded half up (BigInt inside, so no floating drift however large the
 * counts). Units as `@clipmarket/contracts/performance` says.
 */

/** `numerator / denominator` rounded half up; null when the divisor is 0 or unknown. */
export function divideRoundHalfUp(numerator: number, denominator: number | null): number | null {
  if (denominator === null || denominator <= 0) return null;
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  const negative = n < 0n;
  const magnitude = (2n * (negative ? -n : n) + d) / (2n * d);
  return Number(negative ? -magnitude : magnitude);
}

/**
 * Splits an amount into `count` equal whole parts, the remainder going one millime each to
 * the first parts, so that the parts always sum to the amount.
 */
export function splitEvenly(amount: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(amount / count);
  const remainder = amount - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < remainder ? 1 : 0));
}

/** `total + value` when the value is present; the total unchanged (null while none is) else. */
export const addPresent = (total: number | null, value: number | null | undefined) =>
  value === null || value === undefined ? total : (total ?? 0) + value;

/** The sum of the values present; null when none is. */
export function sumPresent(values: readonly (number | null | undefined)[]): number | null {
  let total: number | null = null;
  for (const value of values)
    if (value !== null && value !== undefined) total = (total ?? 0) + value;
  return total;
}

/** Likes + comments + shares + saves, of those the source gives; null when it gives none. */
export function engagementsOf(figures: {
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
}): number | null {
  return sumPresent([figures.likes, figures.comments, figures.shares, figures.saves]);
}

export interface Ratios {
  cpm: number | null;
  cost_per_view: number | null;
  cost_per_engagement: number | null;
  engagement_rate_bp: number | null;
  cpc: number | null;
}

/** What some cost bought: per thousand views, per view, per engagement, per click; the ER. */
export function ratiosOf(input: {
  cost: number;
  views: number | null;
  engagements: number | null;
  clicks: number;
}): Ratios {
  return {
    cpm: divideRoundHalfUp(input.cost * 1000, input.views),
    cost_per_view: divideRoundHalfUp(input.cost, input.views),
    cost_per_engagement: divideRoundHalfUp(input.cost, input.engagements),
    engagement_rate_bp:
      input.engagements === null
        ? null
        : divideRoundHalfUp(input.engagements * 10_000, input.views),
    cpc: divideRoundHalfUp(input.cost, input.clicks),
  };
}

/** A delivery line as its cost needs it. */
export interface CostedLine {
  lineId: number;
  lineNumber: number;
  price: number;
  paid: boolean;
}

/**
 * What each line of one request or opportunity cost: its content fee once paid, plus an equal
 * share of the rest of what the item cost (its platform fee), the remainder of the division
 * going to the first lines (by line number) so the shares sum exactly to the fee. `spent` is
 * what the ledger says left the advertiser for this item; the platform fee is what of it the
 * paid content fees do not explain (never below 0).
 */
export function costsOfLines(lines: readonly CostedLine[], spent: number): Map<number, number> {
  const ordered = [...lines].sort((a, b) => a.lineNumber - b.lineNumber || a.lineId - b.lineId);
  const contentFees = ordered.reduce((sum, line) => sum + (line.paid ? line.price : 0), 0);
  const shares = splitEvenly(Math.max(0, spent - contentFees), ordered.length);
  return new Map(
    ordered.map((line, index) => [line.lineId, (line.paid ? line.price : 0) + shares[index]!]),
  );
}

/**
 * What a request or opportunity cost in all: the sum of `costsOfLines` over its lines (the paid
 * content fees, and the rest of what was spent shared out), or what was spent when it has none.
 */
export function costOfItem(spent: number, lines: number, contentFees: number): number {
  return lines === 0 ? spent : contentFees + Math.max(0, spent - contentFees);
}

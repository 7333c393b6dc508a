import type { PerformanceFigure, PerformanceTotals } from '@clipmarket/contracts/performance';
import { formatMoney, formatNumber, formatPercentage } from '../../../lib/format';

/** Every figure a card or a column can show. */
export type FigureKey = PerformanceFigure | 'engagements' | 'cost' | 'views_7d';

export const moneyFigures: ReadonlySet<FigureKey> = new Set([
  'cost',
  'cpm',
  'cpc',
  'cost_per_view',
  'cost_per_engagement',
]);

type Figures = Pick<
  PerformanceTotals,
  | 'views'
  | 'engagements'
  | 'clicks'
  | 'views_7d'
  | 'cost'
  | 'cpm'
  | 'cpc'
  | 'cost_per_view'
  | 'cost_per_engagement'
  | 'engagement_rate_bp'
>;

/** A figure in the reader's language, or null when there is none yet. */
export function formatFigure(key: FigureKey, figures: Figures, language: string): string | null {
  if (key === 'engagement_rate') {
    const bp = figures.engagement_rate_bp;
    // Basis points to a percentage with two decimals, without going through a float product.
    return bp === null ? null : formatPercentage(bp / 100, language);
  }
  const value = figures[key];
  if (value === null) return null;
  // An amount reads left to right in Arabic too ("5,349 TND"): isolated as a whole.
  return moneyFigures.has(key)
    ? `\u2066${formatMoney(value, language)}\u2069`
    : formatNumber(value, language);
}

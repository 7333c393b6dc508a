import type {
  LabelledFiguresWire,
  PerformanceFigure,
  PerformanceTotals,
} from '@clipmarket/contracts/performance';
import { intlLocale } from '../../../lib/i18n';
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

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long ago figures were read ("3 h ago", "il y a 1 j"), in the reader's language. */
export function formatAge(readAt: string, language: string, now = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(intlLocale(language), {
    numeric: 'always',
    style: 'short',
    numberingSystem: 'latn',
  } as Intl.RelativeTimeFormatOptions);
  const elapsed = Math.max(0, now - new Date(readAt).getTime());
  if (elapsed < HOUR) return format.format(-Math.max(1, Math.floor(elapsed / 60_000)), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  return format.format(-Math.floor(elapsed / DAY), 'day');
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * Where figures came from and how old they are: "Instagram API · 3 h ago", "Submitted by the
 * creator · checked · 2 d ago".
 */
export function sourceLabel(
  t: Translate,
  figures: Pick<LabelledFiguresWire, 'source' | 'checked' | 'read_at'>,
  language: string,
  now = Date.now(),
): string {
  const parts = [t(`sources.${figures.source}`)];
  if (figures.source === 'creator') parts.push(t(figures.checked ? 'checked' : 'notChecked'));
  parts.push(formatAge(figures.read_at, language, now));
  return parts.join(' · ');
}

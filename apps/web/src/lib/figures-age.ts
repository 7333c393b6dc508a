import type { MetricSource } from '@clipmarket/contracts/publication-metrics';
import { intlLocale } from './i18n';

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
 * Where figures came from and how old they are, on the advertiser's pages and the shared
 * report: "Instagram API · 3 h ago", "Submitted by the creator · checked · 2 d ago". The keys
 * `sources.*`, `checked` and `notChecked` are the caller's namespace's.
 */
export function sourceLabel(
  t: Translate,
  figures: { source: MetricSource; checked: boolean | null; read_at: string },
  language: string,
  now = Date.now(),
): string {
  const parts = [t(`sources.${figures.source}`)];
  if (figures.source === 'creator') parts.push(t(figures.checked ? 'checked' : 'notChecked'));
  parts.push(formatAge(figures.read_at, language, now));
  return parts.join(' · ');
}

import { formatNumber, formatPercentage } from '../../lib/format';

/** A count in the reader's language, or null when there is none yet. */
export const formatCount = (value: number | null, language: string) =>
  value === null ? null : formatNumber(value, language);

/** Basis points (412) as a percentage ("4.12 %"), isolated left to right. */
export const formatRate = (bp: number | null, language: string) =>
  bp === null ? null : formatPercentage(bp / 100, language);

import { formatMoney } from '../../lib/format';
import { useTranslation } from '../../lib/use-translation';

/**
 * An amount inside a sentence, its figure and currency kept in one left-to-right run (U+2066 …
 * U+2069) so that an Arabic sentence reads `60,000 TND`, not `TND 60,000` (as `Money` does
 * for an amount on its own).
 */
export const moneyInText = (millimes: number, language: string) =>
  `\u2066${formatMoney(millimes, language)}\u2069`;

/** The price band of an opportunity, or that it is not set yet (a draft). */
export function usePriceBand() {
  const { t, i18n } = useTranslation('admin-opportunities');
  return (min: number | null, max: number | null) =>
    min !== null && max !== null
      ? t('card.priceBand', {
          min: moneyInText(min, i18n.language),
          max: moneyInText(max, i18n.language),
        })
      : t('card.noPriceBand');
}

import { formatMoney } from '../../lib/format';
import { useTranslation } from '../../lib/use-translation';

/** The price band of an opportunity, or that it is not set yet (a draft). */
export function usePriceBand() {
  const { t, i18n } = useTranslation('admin-opportunities');
  return (min: number | null, max: number | null) =>
    min !== null && max !== null
      ? t('card.priceBand', {
          min: formatMoney(min, i18n.language),
          max: formatMoney(max, i18n.language),
        })
      : t('card.noPriceBand');
}

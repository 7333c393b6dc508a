import { useTranslation } from '../../lib/use-translation';
import { formatMoney } from '../../lib/format';

/**
 * An amount of millimes as the spec writes it (`24.800 TND`), kept in reading order in Arabic
 * too: the figure and its currency form one left-to-right run inside the right-to-left text.
 */
export function Money({ millimes, sign }: { millimes: number; sign?: '−' }) {
  const { i18n } = useTranslation();
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {sign}
      {formatMoney(millimes, i18n.language)}
    </bdi>
  );
}

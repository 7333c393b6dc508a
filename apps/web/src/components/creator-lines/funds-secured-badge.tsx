import { Badge } from '@mantine/core';
import { useTranslation } from '../../lib/use-translation';
import { IconRosetteDiscountCheck } from '../icons';

/** The advertiser's content fee is reserved in their wallet (a ledger hold). */
export function FundsSecuredBadge() {
  const { t } = useTranslation('accept-requests');
  return (
    <Badge
      color="teal"
      variant="outline"
      leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}
    >
      {t('card.fundsSecured')}
    </Badge>
  );
}

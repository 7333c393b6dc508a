import type { WalletPurchaseStatus } from '@clipmarket/contracts/wallet';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';

const colors: Record<WalletPurchaseStatus, string> = {
  pending: 'yellow',
  paid: 'teal',
  failed: 'red',
  expired: 'gray',
  cancelled: 'gray',
};

/** A purchase's state in words (the colour only repeats it). */
export function PurchaseStatusBadge({ status }: { status: WalletPurchaseStatus }) {
  const { t } = useTranslation('wallet');
  return (
    <Badge color={colors[status]} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

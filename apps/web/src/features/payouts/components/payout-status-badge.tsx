import type { PayoutStatus } from '@clipmarket/contracts/payouts';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';

const colors: Record<PayoutStatus, string> = { pending: 'yellow', paid: 'teal' };

/**
 * A payout's state in words (the colour only repeats it), never cut: a table column gives a
 * badge no more room than it must, and "في الانتظار" became "في الا…".
 */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation('payouts');
  return (
    <Badge color={colors[status]} variant="light" miw="max-content">
      {t(`status.${status}`)}
    </Badge>
  );
}

import type { WalletPurchase } from '@clipmarket/contracts/wallet';
import { useTranslation } from '../../../lib/use-translation';
import { Money } from '../../../components/checkout/money';
import { StackedRows } from '../../../components/stacked-rows';
import { formatDate } from '../../../lib/format';
import { PurchaseActions } from './purchase-actions';
import { PurchaseStatusBadge } from './purchase-status-badge';

/**
 * The wallet's purchases on a phone (purchases-table.tsx elsewhere): per purchase its
 * reference and status, then its date and amounts, each named, without swiping.
 */
export function PurchaseCards({
  purchases,
  captionId,
}: {
  purchases: readonly WalletPurchase[];
  captionId: string;
}) {
  const { t, i18n } = useTranslation('wallet');
  return (
    <StackedRows
      labelledBy={captionId}
      rows={purchases.map((purchase) => {
        // A reference is one word ("WP-2026-000005"): never broken across lines.
        const reference = (
          <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
            {purchase.reference}
          </bdi>
        );
        return {
          key: purchase.wallet_purchase_id,
          title: reference,
          aside: <PurchaseStatusBadge status={purchase.status} />,
          fields: [
            { label: t('purchases.date'), value: formatDate(purchase.created_at, i18n.language) },
            {
              label: t('purchases.purchasedAmount'),
              value: <Money millimes={purchase.purchased_amount} />,
            },
            {
              label: t('purchases.availableAmount'),
              value: <Money millimes={purchase.available_amount} />,
            },
            {
              label: t('purchases.balance'),
              value: purchase.status === 'paid' ? <Money millimes={purchase.balance} /> : '—',
            },
          ],
          ...(purchase.status === 'paid'
            ? {}
            : { actions: <PurchaseActions purchase={purchase} /> }),
        };
      })}
    />
  );
}

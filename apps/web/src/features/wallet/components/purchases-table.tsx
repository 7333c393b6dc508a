import type { WalletPurchase } from '@clipmarket/contracts/wallet';
import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Money } from '../../../components/checkout/money';
import { formatDate } from '../../../lib/format';
import { usePhoneLayout } from '../../../components/stacked-rows';
import { PurchaseActions } from './purchase-actions';
import { PurchaseCards } from './purchase-cards';
import { PurchaseStatusBadge } from './purchase-status-badge';

/**
 * The wallet's purchases (spec §3: reference, date, purchased amount, available amount, balance):
 * the available amounts are each pack's share of the wallet's available money (the cards'), the
 * balance is the wallet's right after the pack was credited; a pending purchase is resumed or
 * cancelled, one that ended unpaid is bought again.
 */
export function PurchasesTable({
  purchases,
  captionId,
}: {
  purchases: readonly WalletPurchase[];
  /** The heading that names the table. */
  captionId: string;
}) {
  const { t, i18n } = useTranslation('wallet');
  const isPhone = usePhoneLayout();
  if (isPhone) return <PurchaseCards purchases={purchases} captionId={captionId} />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-labelledby={captionId} striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" ta="start">
              {t('purchases.reference')}
            </Table.Th>
            <Table.Th scope="col" ta="start">
              {t('purchases.date')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('purchases.purchasedAmount')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('purchases.availableAmount')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {t('purchases.balance')}
            </Table.Th>
            <Table.Th scope="col" ta="start">
              {t('purchases.status')}
            </Table.Th>
            <Table.Th scope="col" ta="start">
              <VisuallyHidden>{t('purchases.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {purchases.map((purchase) => (
            <Table.Tr key={purchase.wallet_purchase_id}>
              <Table.Th scope="row" fw={500} ta="start">
                {purchase.reference}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDate(purchase.created_at, i18n.language)}
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                <Money millimes={purchase.purchased_amount} />
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                <Money millimes={purchase.available_amount} />
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                {purchase.status === 'paid' ? <Money millimes={purchase.balance} /> : '—'}
              </Table.Td>
              <Table.Td>
                <PurchaseStatusBadge status={purchase.status} />
              </Table.Td>
              <Table.Td>
                <PurchaseActions purchase={purchase} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import type { WalletPurchase } from '@clipmarket/contracts/wallet';
import { Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import { Money } from '../../../components/checkout/money';
import { formatDate } from '../../../lib/format';
import { usePhoneLayout } from '../../../components/stacked-rows';
import { PurchaseCards } from './purchase-cards';
import { PurchaseStatusBadge } from './purchase-status-badge';

/** The wallet's purchases (spec §3: reference, date, purchased amount, available amount, balance). */
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
    <Table.ScrollContainer minWidth={640}>
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
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {purchases.map((purchase) => (
            <Table.Tr key={purchase.wallet_purchase_id}>
              <Table.Th scope="row" fw={500} ta="start">
                {purchase.status === 'pending' ? (
                  <Text
                    component={Link}
                    to={`/track-payments/purchase-pack/${purchase.wallet_purchase_id}/pending`}
                    c="blue"
                    td="underline"
                    size="sm"
                    fw={500}
                  >
                    {purchase.reference}
                  </Text>
                ) : (
                  purchase.reference
                )}
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
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

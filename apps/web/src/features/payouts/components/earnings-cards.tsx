import type { Payout } from '@clipmarket/contracts/payouts';
import { Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Money } from '../../../components/checkout/money';
import { StackedRows } from '../../../components/stacked-rows';
import { formatDate } from '../../../lib/format';
import { PayoutStatusBadge } from './payout-status-badge';

/**
 * The creator's earnings on a phone (the table of track-deposits-page.tsx elsewhere): per
 * request its amount and status, then the date and the transfer's reference, each named,
 * without swiping.
 */
export function EarningsCards({ items }: { items: readonly Payout[] }) {
  const { t, i18n } = useTranslation('payouts');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('track.table.title')}
      </Title>
      <StackedRows
        labelledBy={headingId}
        rows={items.map((payout) => ({
          key: payout.payout_id,
          title: [payout.title || t('track.table.untitled'), payout.line_reference]
            .filter(Boolean)
            .join(' · '),
          aside: <PayoutStatusBadge status={payout.status} />,
          fields: [
            { label: t('track.table.amount'), value: <Money millimes={payout.amount} /> },
            {
              label: t('track.table.date'),
              value:
                payout.status === 'paid' && payout.paid_at
                  ? t('track.table.paidOn', { date: formatDate(payout.paid_at, i18n.language) })
                  : t('track.table.dueOn', { date: formatDate(payout.due_at, i18n.language) }),
            },
            {
              label: t('track.table.reference'),
              value: payout.reference ? (
                <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                  {payout.reference}
                </bdi>
              ) : (
                <Text span c="dimmed" size="sm">
                  {t('track.table.noReference')}
                </Text>
              ),
            },
          ],
        }))}
      />
    </section>
  );
}

import type { InvoiceSummary } from '@clipmarket/contracts/invoices';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';

const colors = { pending: 'gray', accepted: 'green', rejected: 'red' } as const;

/**
 * Where the invoice stands on El Fatoora (issue 27 §4): pending, accepted with the platform's
 * reference, or refused; "not sent" for an invoice issued before electronic invoices.
 */
export function EinvoiceState({ einvoice }: { einvoice: InvoiceSummary['einvoice'] }) {
  const { t } = useTranslation('invoices');
  if (!einvoice) {
    return (
      <Text size="sm" c="dimmed" title={t('einvoice.noneHint')}>
        {t('einvoice.none')}
      </Text>
    );
  }
  const hint =
    einvoice.state === 'pending'
      ? t('einvoice.pendingHint')
      : einvoice.state === 'rejected'
        ? t('einvoice.rejectedHint')
        : null;
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color={colors[einvoice.state]} miw="max-content">
        {t(`einvoice.${einvoice.state}`)}
      </Badge>
      {einvoice.state === 'accepted' && einvoice.reference ? (
        <Text size="xs" c="dimmed">
          {t('einvoice.reference')}{' '}
          <bdi dir="ltr" style={{ overflowWrap: 'anywhere' }}>
            {einvoice.reference}
          </bdi>
        </Text>
      ) : hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

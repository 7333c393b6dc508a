import type { InvoiceSummary } from '@clipmarket/contracts/invoices';
import { Button } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Money } from '../../../components/checkout/money';
import { IconDownload } from '../../../components/icons';
import { StackedRows } from '../../../components/stacked-rows';
import { formatDate } from '../../../lib/format';
import { InvoiceLabel } from './invoice-label';

/**
 * The invoices on a phone (invoices-table.tsx elsewhere): per invoice its number and total,
 * what it is for, its date and the PDF button across the card, all without swiping.
 */
export function InvoiceCards({
  invoices,
  captionId,
  downloadingId,
  onDownload,
}: {
  invoices: readonly InvoiceSummary[];
  captionId: string;
  downloadingId: number | null;
  onDownload: (invoice: InvoiceSummary) => void;
}) {
  const { t, i18n } = useTranslation('invoices');
  return (
    <StackedRows
      labelledBy={captionId}
      rows={invoices.map((invoice) => ({
        key: invoice.invoice_id,
        title: (
          <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
            {invoice.number}
          </bdi>
        ),
        aside: (
          <strong>
            <Money millimes={invoice.total} />
          </strong>
        ),
        fields: [
          { label: t('table.date'), value: formatDate(invoice.issued_at, i18n.language) },
          {
            label: t('table.label'),
            value: <InvoiceLabel invoice={invoice} />,
          },
        ],
        actions: (
          <Button
            fullWidth
            size="sm"
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloadingId === invoice.invoice_id}
            aria-label={t('table.downloadLabel', { number: invoice.number })}
            onClick={() => onDownload(invoice)}
          >
            {t('table.download')}
          </Button>
        ),
      }))}
    />
  );
}

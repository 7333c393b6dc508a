import type { InvoiceSummary } from '@clipmarket/contracts/invoices';
import { useTranslation } from '../../../lib/use-translation';
import { Money } from '../../../components/checkout/money';
import { StackedRows } from '../../../components/stacked-rows';
import { formatDate } from '../../../lib/format';
import { EinvoiceState } from './einvoice-state';
import {
  InvoiceDownloads,
  type InvoiceDownloading,
  type InvoiceFileFormat,
} from './invoice-downloads';
import { InvoiceLabel } from './invoice-label';

/**
 * The invoices on a phone (invoices-table.tsx elsewhere): per invoice its number and total,
 * what it is for, its date, where it stands on El Fatoora and the PDF and XML (TEIF) buttons
 * across the card, all without swiping.
 */
export function InvoiceCards({
  invoices,
  captionId,
  downloading,
  onDownload,
}: {
  invoices: readonly InvoiceSummary[];
  captionId: string;
  downloading: InvoiceDownloading | null;
  onDownload: (invoice: InvoiceSummary, format: InvoiceFileFormat) => void;
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
          { label: t('table.einvoice'), value: <EinvoiceState einvoice={invoice.einvoice} /> },
        ],
        actions: <InvoiceDownloads fullWidth {...{ invoice, downloading, onDownload }} />,
      }))}
    />
  );
}

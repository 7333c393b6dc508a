import type { InvoiceSummary } from '@clipmarket/contracts/invoices';
import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Money } from '../../../components/checkout/money';
import { formatDate } from '../../../lib/format';
import { EinvoiceState } from './einvoice-state';
import {
  InvoiceDownloads,
  type InvoiceDownloading,
  type InvoiceFileFormat,
} from './invoice-downloads';
import { InvoiceLabel } from './invoice-label';
import { usePhoneLayout } from '../../../components/stacked-rows';
import { InvoiceCards } from './invoice-cards';

/**
 * The invoices (issue 9 §6): number, date, what was bought, total, where it stands on
 * El Fatoora (issue 27 §4); its PDF and its XML (TEIF) per row.
 */
export function InvoicesTable({
  invoices,
  captionId,
  downloading,
  onDownload,
}: {
  invoices: readonly InvoiceSummary[];
  /** The heading that names the table. */
  captionId: string;
  /** The file on its way, if any. */
  downloading: InvoiceDownloading | null;
  onDownload: (invoice: InvoiceSummary, format: InvoiceFileFormat) => void;
}) {
  const { t, i18n } = useTranslation('invoices');
  const isPhone = usePhoneLayout();
  if (isPhone) {
    return <InvoiceCards {...{ invoices, captionId, downloading, onDownload }} />;
  }
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table aria-labelledby={captionId} striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('table.number')}</Table.Th>
            <Table.Th scope="col">{t('table.date')}</Table.Th>
            <Table.Th scope="col">{t('table.label')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('table.total')}
            </Table.Th>
            <Table.Th scope="col">{t('table.einvoice')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('table.files')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.invoice_id}>
              <Table.Th scope="row" fw={500} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {invoice.number}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDate(invoice.issued_at, i18n.language)}
              </Table.Td>
              <Table.Td>
                <InvoiceLabel invoice={invoice} />
              </Table.Td>
              <Table.Td ta="end">
                <Money millimes={invoice.total} />
              </Table.Td>
              <Table.Td>
                <EinvoiceState einvoice={invoice.einvoice} />
              </Table.Td>
              <Table.Td ta="end">
                <InvoiceDownloads {...{ invoice, downloading, onDownload }} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

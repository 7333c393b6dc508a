import type { InvoiceSummary } from '@clipmarket/contracts/invoices';
import { Button, Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Money } from '../../../components/checkout/money';
import { IconDownload } from '../../../components/icons';
import { formatDate } from '../../../lib/format';
import { InvoiceLabel } from './invoice-label';
import { usePhoneLayout } from '../../../components/stacked-rows';
import { InvoiceCards } from './invoice-cards';

/** The invoices (issue 9 §6): number, date, what was bought, total; a PDF per row. */
export function InvoicesTable({
  invoices,
  captionId,
  downloadingId,
  onDownload,
}: {
  invoices: readonly InvoiceSummary[];
  /** The heading that names the table. */
  captionId: string;
  /** The invoice whose PDF is on its way, if any. */
  downloadingId: number | null;
  onDownload: (invoice: InvoiceSummary) => void;
}) {
  const { t, i18n } = useTranslation('invoices');
  const isPhone = usePhoneLayout();
  if (isPhone) {
    return <InvoiceCards {...{ invoices, captionId, downloadingId, onDownload }} />;
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-labelledby={captionId} striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('table.number')}</Table.Th>
            <Table.Th scope="col">{t('table.date')}</Table.Th>
            <Table.Th scope="col">{t('table.label')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('table.total')}
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('table.pdf')}</VisuallyHidden>
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
              <Table.Td ta="end">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  loading={downloadingId === invoice.invoice_id}
                  aria-label={t('table.downloadLabel', { number: invoice.number })}
                  onClick={() => onDownload(invoice)}
                >
                  {t('table.download')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import type { InvoiceSummary } from '@clipmarket/contracts/invoices';
import { Button, Group } from '@mantine/core';
import { IconDownload } from '../../../components/icons';
import { useTranslation } from '../../../lib/use-translation';

/** The files of an invoice: its PDF, and its TEIF XML for El Fatoora (issue 27 §4). */
export type InvoiceFileFormat = 'pdf' | 'teif';

export interface InvoiceDownloading {
  invoiceId: number;
  format: InvoiceFileFormat;
}

/** The PDF and XML (TEIF) buttons of one invoice, side by side (across a phone's card). */
export function InvoiceDownloads({
  invoice,
  downloading,
  onDownload,
  fullWidth = false,
}: {
  invoice: InvoiceSummary;
  downloading: InvoiceDownloading | null;
  onDownload: (invoice: InvoiceSummary, format: InvoiceFileFormat) => void;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('invoices');
  const isLoading = (format: InvoiceFileFormat) =>
    downloading?.invoiceId === invoice.invoice_id && downloading.format === format;
  const buttons = [
    {
      format: 'pdf' as const,
      text: t('table.download'),
      label: t('table.downloadLabel', { number: invoice.number }),
    },
    {
      format: 'teif' as const,
      text: t('table.teif'),
      label: t('table.teifLabel', { number: invoice.number }),
    },
  ];
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap" grow={fullWidth}>
      {buttons.map((button) => (
        <Button
          key={button.format}
          size={fullWidth ? 'sm' : 'xs'}
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={isLoading(button.format)}
          aria-label={button.label}
          onClick={() => onDownload(invoice, button.format)}
        >
          {button.text}
        </Button>
      ))}
    </Group>
  );
}

import type { InvoiceSummary } from '@clipmarket/contracts/invoices';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import { IconCoin, IconReceipt } from '../../../components/icons';
import { useApiErrorReason } from '../../../lib/api-error-message';
import { downloadInvoice } from '../api/download-invoice';
import { downloadInvoiceTeif } from '../api/download-invoice-teif';
import { useInvoices } from '../api/get-invoices';
import type { InvoiceDownloading, InvoiceFileFormat } from '../components/invoice-downloads';
import { InvoicesTable } from '../components/invoices-table';

export const INVOICES_PATH = '/track-payments/my-invoices';

/**
 * The advertiser's invoices (spec §2 "/track-payments/my-invoices", issue 9 §6): one per paid
 * purchase, newest first, each downloaded as a PDF in the advertiser's language or as TEIF XML,
 * with where it stands on El Fatoora (issue 27 §4).
 */
export default function InvoicesPage() {
  const { t, i18n } = useTranslation('invoices');
  const invoices = useInvoices();
  const headingId = useId();
  const errorReason = useApiErrorReason();
  const [downloading, setDownloading] = useState<InvoiceDownloading | null>(null);

  const download = (invoice: InvoiceSummary, format: InvoiceFileFormat) => {
    setDownloading({ invoiceId: invoice.invoice_id, format });
    (format === 'teif' ? downloadInvoiceTeif(invoice) : downloadInvoice(invoice, i18n.language))
      .catch((error: unknown) => {
        notifications.show({
          color: 'red',
          title: t('table.downloadError'),
          message: errorReason(error) ?? t('table.downloadRetry'),
        });
      })
      .finally(() => setDownloading(null));
  };

  const items = invoices.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} id={headingId}>
            {t('page.title')}
          </Title>
          <Text c="dimmed">{t('page.intro')}</Text>
        </div>
        <Anchor component={Link} to="/track-payments/my-wallet">
          <Group gap={4} component="span">
            <IconCoin size={18} aria-hidden />
            {t('page.walletLink')}
          </Group>
        </Anchor>
      </Group>

      {invoices.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('page.loading')} />
        </Center>
      ) : invoices.isError ? (
        <Alert color="red" title={t('page.loadError')}>
          <Button variant="light" color="red" mt="sm" onClick={() => void invoices.refetch()}>
            {t('page.retry')}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="xs" ta="center">
            <IconReceipt size={40} aria-hidden />
            <Title order={2} size="h4">
              {t('empty.title')}
            </Title>
            <Text c="dimmed">{t('empty.body')}</Text>
            <Button component={Link} to="/track-payments/my-wallet" variant="light" mt="xs">
              {t('empty.action')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <InvoicesTable
            invoices={items}
            captionId={headingId}
            downloading={downloading}
            onDownload={download}
          />
          {invoices.hasNextPage && (
            <Center>
              <Button
                variant="default"
                loading={invoices.isFetchingNextPage}
                onClick={() => void invoices.fetchNextPage()}
              >
                {t('page.loadMore')}
              </Button>
            </Center>
          )}
        </>
      )}
    </Stack>
  );
}

import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Money } from '../../../components/checkout/money';
import { IconDownload } from '../../../components/icons';
import { formatNumber } from '../../../lib/format';
import { downloadCsv, parseCsv, type PayoutBatch } from '../api/create-payout-batch';

export const batchFileName = (batchId: number, method: 'bank' | 'd17') =>
  `payouts-${batchId}-${method}.csv`;

/**
 * The batch just exported: its totals, the bank file (downloaded already, again on demand) and
 * the D17 transfers listed apart, since D17 has no file import: each is made by hand.
 */
export function BatchPanel({ batch }: { batch: PayoutBatch }) {
  const { t, i18n } = useTranslation('payouts');
  const headingId = useId();
  const d17Id = useId();
  const d17Rows = useMemo(() => parseCsv(batch.d17_csv).slice(1), [batch.d17_csv]);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {t('admin.batch.title', { id: batch.batch_id })}
        </Title>
        <Text size="sm">
          {t('admin.batch.summary', {
            count: batch.payout_ids.length,
            countText: formatNumber(batch.payout_ids.length, i18n.language),
          })}{' '}
          <Money millimes={batch.total} />
        </Text>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => downloadCsv(batch.bank_csv, batchFileName(batch.batch_id, 'bank'))}
          >
            {t('admin.batch.downloadBank')}
          </Button>
          {d17Rows.length > 0 && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => downloadCsv(batch.d17_csv, batchFileName(batch.batch_id, 'd17'))}
            >
              {t('admin.batch.downloadD17')}
            </Button>
          )}
        </Group>
        <Title order={3} size="h4" id={d17Id}>
          {t('admin.batch.d17Title')}
        </Title>
        {d17Rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.batch.d17Empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-labelledby={d17Id} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.batch.name')}</Table.Th>
                  <Table.Th scope="col">{t('admin.batch.number')}</Table.Th>
                  <Table.Th scope="col">{t('admin.batch.email')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('admin.batch.amount')}
                  </Table.Th>
                  <Table.Th scope="col">{t('admin.batch.label')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d17Rows.map(([name, number, email, amount, label]) => (
                  <Table.Tr key={label}>
                    <Table.Th scope="row" fw={500}>
                      {name}
                    </Table.Th>
                    <Table.Td>
                      <bdi dir="ltr">{number}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <bdi dir="ltr">{email}</bdi>
                    </Table.Td>
                    <Table.Td ta="end">
                      <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>{`${amount} TND`}</bdi>
                    </Table.Td>
                    <Table.Td>
                      <bdi dir="ltr">{label}</bdi>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

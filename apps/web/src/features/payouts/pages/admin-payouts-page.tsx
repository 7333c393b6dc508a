import {
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useSearchParams } from 'wouter';
import { Money } from '../../../components/checkout/money';
import { IconCash, IconCircleCheck, IconDownload, IconHourglass } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatDate } from '../../../lib/format';
import { toasts } from '../../../lib/toasts';
import { downloadCsv, type PayoutBatch, useCreatePayoutBatch } from '../api/create-payout-batch';
import {
  type AdminPayout,
  type AdminPayoutFilter,
  type AdminPayoutsPage,
  adminPayoutFilters,
  useAdminPayouts,
} from '../api/get-admin-payouts';
import { BatchPanel, batchFileName } from '../components/batch-panel';
import { MarkPaidModal } from '../components/mark-paid-modal';
import { PayoutStatusBadge } from '../components/payout-status-badge';

const filterIcons = { due: IconCash, pending: IconHourglass, paid: IconCircleCheck } as const;

const isFilter = (value: string | null): value is AdminPayoutFilter =>
  (adminPayoutFilters as readonly (string | null)[]).includes(value);

/**
 * `/admin/payouts` (ADMIN, issue 11 §6): what is due to creators, per method; a batch exported
 * for the bank (CSV) with the D17 transfers apart; each payout marked paid with its reference.
 */
export default function AdminPayoutsPage() {
  const { t } = useTranslation('payouts');
  const [searchParams, setSearchParams] = useSearchParams();
  const filterParam = searchParams.get('filter');
  const filter: AdminPayoutFilter = isFilter(filterParam) ? filterParam : 'due';
  const [batch, setBatch] = useState<PayoutBatch | null>(null);
  const exportBatch = useCreatePayoutBatch();
  const errorMessage = useApiErrorMessage();

  const onExport = async () => {
    try {
      const created = await exportBatch.mutateAsync();
      setBatch(created);
      downloadCsv(created.bank_csv, batchFileName(created.batch_id, 'bank'));
    } catch (error) {
      toasts.show({
        color: error instanceof ApiError && error.code === 'INVALID_TRANSITION' ? 'orange' : 'red',
        message:
          error instanceof ApiError && error.code === 'INVALID_TRANSITION'
            ? t('admin.exportNothing')
            : errorMessage(error),
      });
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('admin.title')}</Title>
          <Text c="dimmed">{t('admin.intro')}</Text>
        </div>
        <Button
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={exportBatch.isPending}
          onClick={() => void onExport()}
        >
          {t('admin.export')}
        </Button>
      </Group>
      {batch && <BatchPanel batch={batch} />}
      <Tabs
        value={filter}
        keepMounted={false}
        onChange={(value) => {
          if (isFilter(value)) setSearchParams(value === 'due' ? {} : { filter: value });
        }}
      >
        <Tabs.List aria-label={t('admin.filtersLabel')}>
          {adminPayoutFilters.map((value) => {
            const Icon = filterIcons[value];
            return (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
                {t(`admin.filters.${value}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {adminPayoutFilters.map((value) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            <PayoutsList filter={value} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function DueTotals({ totals }: { totals: AdminPayoutsPage['due_totals'] }) {
  const { t } = useTranslation('payouts');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {t('admin.totals.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {(['bank', 'd17', 'missing'] as const).map((key) => (
          <Paper key={key} withBorder radius="md" p="md">
            <Text size="sm" c="dimmed" fw={500}>
              {t(`admin.totals.${key}`)}
            </Text>
            <Text fz={22} fw={700} c={key === 'missing' && totals[key] > 0 ? 'orange' : undefined}>
              <Money millimes={totals[key]} />
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}

function PayoutsList({ filter }: { filter: AdminPayoutFilter }) {
  const { t, i18n } = useTranslation('payouts');
  const payouts = useAdminPayouts(filter);
  const [marking, setMarking] = useState<AdminPayout | null>(null);
  const tableId = useId();

  if (payouts.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('admin.loading')} />
      </Center>
    );
  }
  if (payouts.isError) {
    return (
      <LoadErrorAlert
        error={payouts.error}
        message={t('admin.loadError')}
        onRetry={() => void payouts.refetch()}
      />
    );
  }
  const items = payouts.data.pages.flatMap((page) => page.data);
  const totals = payouts.data.pages[0]?.due_totals;
  const Icon = filterIcons[filter];
  return (
    <Stack gap="lg">
      {totals && <DueTotals totals={totals} />}
      {items.length === 0 ? (
        <EmptyState icon={<Icon size={28} aria-hidden />} variant="light" py="xl">
          <EmptyState.Title order={2}>{t(`admin.empty.${filter}.title`)}</EmptyState.Title>
          <EmptyState.Description>{t(`admin.empty.${filter}.body`)}</EmptyState.Description>
        </EmptyState>
      ) : (
        <section aria-labelledby={tableId}>
          <Title order={2} size="h4" id={tableId} mb="xs">
            {t(`admin.tableTitle.${filter}`)}
          </Title>
          <Table.ScrollContainer minWidth={900}>
            <Table aria-labelledby={tableId} striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.columns.creator')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.method')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.account')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('admin.columns.amount')}
                  </Table.Th>
                  <Table.Th scope="col">{t('admin.columns.date')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.status')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((payout) => (
                  <Table.Tr key={payout.payout_id}>
                    <Table.Th scope="row" fw={500}>
                      <Text size="sm" fw={500}>
                        {payout.creator.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        <bdi dir="ltr">{payout.creator.email}</bdi>
                      </Text>
                      <Text size="xs" c="dimmed">
                        {payout.title}
                        {payout.title && payout.line_reference && ' · '}
                        {payout.line_reference && (
                          <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                            {payout.line_reference}
                          </bdi>
                        )}
                      </Text>
                    </Table.Th>
                    <Table.Td>
                      {t(`admin.method.${payout.creator.payment_method ?? 'none'}`)}
                    </Table.Td>
                    <Table.Td>
                      {payout.creator.account_number ? (
                        <bdi dir="ltr" style={{ fontFamily: 'monospace' }}>
                          {payout.creator.account_number}
                        </bdi>
                      ) : (
                        <Text span size="sm" c="orange">
                          {t('admin.noAccount')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="end">
                      <Money millimes={payout.amount} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {payout.status === 'paid' && payout.paid_at
                        ? t('admin.paidOn', { date: formatDate(payout.paid_at, i18n.language) })
                        : t('admin.dueOn', { date: formatDate(payout.due_at, i18n.language) })}
                      {payout.batch_id !== null && (
                        <Text size="xs" c="dimmed">
                          {t('admin.inBatch', { id: payout.batch_id })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <PayoutStatusBadge status={payout.status} />
                      {payout.reference && (
                        <Text size="xs" c="dimmed">
                          <bdi dir="ltr">{payout.reference}</bdi>
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {payout.status === 'pending' && !payout.is_due && (
                        <Text size="xs" c="dimmed">
                          {t('admin.notDueYet')}
                        </Text>
                      )}
                      {payout.status === 'pending' && payout.is_due && payout.batch_id === null && (
                        <Text size="xs" c="dimmed">
                          {t('admin.notExported')}
                        </Text>
                      )}
                      {payout.status === 'pending' && payout.is_due && payout.batch_id !== null && (
                        <Button
                          size="xs"
                          variant="light"
                          color="teal"
                          aria-label={t('admin.markPaidLabel', {
                            id: payout.payout_id,
                            name: payout.creator.name,
                          })}
                          onClick={() => setMarking(payout)}
                        >
                          {t('admin.markPaid')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {payouts.hasNextPage && (
            <Center mt="md">
              <Button
                variant="default"
                loading={payouts.isFetchingNextPage}
                onClick={() => void payouts.fetchNextPage()}
              >
                {t('admin.loadMore')}
              </Button>
            </Center>
          )}
        </section>
      )}
      <MarkPaidModal
        key={marking?.payout_id ?? 'closed'}
        payout={marking}
        onClose={() => setMarking(null)}
      />
    </Stack>
  );
}

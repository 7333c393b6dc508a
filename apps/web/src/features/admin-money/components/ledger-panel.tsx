import { Alert, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from '../../../components/icons';
import { formatMoney, formatNumber } from '../../../lib/format';
import { type AdminLedgerOverview, useAdminLedger } from '../api/get-admin-ledger';
import { formatDateTime, moneyTableProps } from '../money-format';
import { Money, PanelError, PanelLoading } from './panel-state';

/** "Books balanced" ✓, or a red alert naming each account and transaction that is off. */
function BooksCheck({ overview }: { overview: AdminLedgerOverview }) {
  const { t, i18n } = useTranslation('admin-money');
  const money = (value: number) => formatMoney(value, i18n.language);
  const kindName = (kind: string) => t(`ledger.kinds.${kind}`, { defaultValue: kind });
  const time = formatDateTime(overview.checked_at, i18n.language);
  const { books } = overview;
  if (books.is_balanced && overview.total === 0) {
    return (
      <Alert
        role="status"
        color="teal"
        variant="light"
        title={t('ledger.balanced')}
        icon={<IconCircleCheck size={20} aria-hidden />}
      >
        {t('ledger.balancedBody', { time })}
      </Alert>
    );
  }
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      title={t('ledger.unbalanced')}
      icon={<IconAlertTriangle size={20} aria-hidden />}
    >
      <Stack gap="xs">
        <Text size="sm">{t('ledger.unbalancedBody', { time })}</Text>
        <List size="sm">
          {overview.total !== 0 && (
            <List.Item>{t('ledger.totalProblem', { total: money(overview.total) })}</List.Item>
          )}
          {books.accounts.map((account) => (
            <List.Item key={`a${account.account_id}`}>
              {t('ledger.accountProblem', {
                id: account.account_id,
                kind: kindName(account.kind),
                cached: money(account.cached),
                sum: money(account.sum),
              })}
            </List.Item>
          ))}
          {books.transactions.map((transaction) => (
            <List.Item key={`t${transaction.transaction_id}`}>
              {t('ledger.transactionProblem', {
                id: transaction.transaction_id,
                entries: transaction.entries,
                sum: money(transaction.sum),
              })}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

/** The ledger tab: the books check, then the balance of each account kind and their total. */
export function LedgerPanel() {
  const { t, i18n } = useTranslation('admin-money');
  const ledger = useAdminLedger();

  if (ledger.isPending) return <PanelLoading />;
  if (ledger.isError) {
    return <PanelError error={ledger.error} onRetry={() => void ledger.refetch()} />;
  }
  const overview = ledger.data;
  return (
    <Stack gap="md">
      <BooksCheck overview={overview} />
      <Group justify="space-between" align="center">
        <Title order={2} size="h3" id="ledger-kinds-title">
          {t('ledger.title')}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={ledger.isFetching}
          onClick={() => void ledger.refetch()}
        >
          {t('ledger.refresh')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={480}>
        <Table
          verticalSpacing="sm"
          striped
          aria-labelledby="ledger-kinds-title"
          {...moneyTableProps}
        >
          <Table.Caption>{t('ledger.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('ledger.kind')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('ledger.accounts')}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t('ledger.balance')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {overview.kinds.map((row) => (
              <Table.Tr key={row.kind} data-testid={`ledger-kind-${row.kind}`}>
                <Table.Th scope="row" fw={500}>
                  {t(`ledger.kinds.${row.kind}`, { defaultValue: row.kind })}
                </Table.Th>
                <Table.Td ta="end">{formatNumber(row.accounts, i18n.language)}</Table.Td>
                <Table.Td ta="end">
                  <Money millimes={row.balance} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t('ledger.total')}</Table.Th>
              <Table.Td />
              <Table.Td ta="end" fw={700} c={overview.total === 0 ? undefined : 'red'}>
                <Money millimes={overview.total} />
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed">
        {t('ledger.totalHint')}
      </Text>
    </Stack>
  );
}

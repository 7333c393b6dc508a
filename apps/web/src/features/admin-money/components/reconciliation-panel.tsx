import { Alert, Badge, Button, EmptyState, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconListCheck,
  IconRefresh,
} from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { type AdminReconciliationRow, useReconciliation } from '../api/get-reconciliation';
import { useSettlePayment } from '../api/settle-payment';
import { formatDateTime, moneyTableProps, stateColors } from '../money-format';
import { Money, PanelError, PanelLoading } from './panel-state';

function CheckButton({ row }: { row: AdminReconciliationRow }) {
  const { t } = useTranslation('admin-money');
  const errorMessage = useApiErrorMessage();
  const settle = useSettlePayment();
  return (
    <Button
      size="xs"
      variant={row.matches ? 'default' : 'filled'}
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={settle.isPending}
      aria-label={t('reconciliation.checkLabel', { id: row.payment_id })}
      onClick={() =>
        settle.mutate(row.payment_id, {
          onSuccess: (settled) =>
            toasts.show({
              color: settled.state === 'paid' ? 'teal' : 'blue',
              message: t('reconciliation.settled', {
                id: settled.payment_id,
                state: t(`states.${settled.state}`),
              }),
            }),
          onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
        })
      }
    >
      {t('reconciliation.check')}
    </Button>
  );
}

function ReconciliationRow({ row }: { row: AdminReconciliationRow }) {
  const { t, i18n } = useTranslation('admin-money');
  return (
    <Table.Tr
      data-testid={`reconciliation-${row.payment_id}`}
      data-matches={row.matches}
      bg={row.matches ? undefined : 'var(--mantine-color-red-light)'}
    >
      <Table.Th scope="row">
        <Text span fw={700} dir="ltr">
          #{row.payment_id}
        </Text>
        <Text size="xs">{row.owner.brand_name ?? row.owner.email ?? `#${row.owner.user_id}`}</Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(row.created_at, i18n.language)}
        </Text>
      </Table.Th>
      <Table.Td>
        <Badge miw="max-content" color={stateColors[row.state]} variant="light">
          {t(`states.${row.state}`)}
        </Badge>
      </Table.Td>
      <Table.Td ta="end">
        <Money millimes={row.amount} />
      </Table.Td>
      <Table.Td>
        {row.gateway_status ? (
          <Badge
            miw="max-content"
            color={row.gateway_status === 'completed' ? 'teal' : 'blue'}
            variant="outline"
          >
            {t(`reconciliation.gatewayStatus.${row.gateway_status}`)}
          </Badge>
        ) : (
          <Text size="sm">{t('reconciliation.unknown')}</Text>
        )}
        {row.error && (
          <Text size="xs" c="red.9" mt={4} maw={260} style={{ whiteSpace: 'normal' }}>
            {t('reconciliation.gatewayError', { message: row.error })}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="end">
        {row.gateway_reached_amount === null ? (
          '—'
        ) : (
          <Money millimes={row.gateway_reached_amount} />
        )}
      </Table.Td>
      <Table.Td>
        {row.matches ? (
          <Badge
            miw="max-content"
            color="teal"
            variant="light"
            leftSection={<IconCircleCheck size={14} aria-hidden />}
          >
            {t('reconciliation.match')}
          </Badge>
        ) : (
          <Badge
            miw="max-content"
            color="red"
            variant="filled"
            leftSection={<IconAlertTriangle size={14} aria-hidden />}
          >
            {t('reconciliation.mismatch')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <CheckButton row={row} />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The reconciliation tab: open and recent payments beside the gateway's answer, mismatches in
 * red, and per row "Check with gateway" (the gateway's answer applied now).
 */
export function ReconciliationPanel() {
  const { t } = useTranslation('admin-money');
  const reconciliation = useReconciliation();

  const header = (
    <Group justify="space-between" align="flex-start">
      <div>
        <Title order={2} size="h3">
          {t('reconciliation.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reconciliation.intro')}
        </Text>
      </div>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconRefresh size={16} aria-hidden />}
        loading={reconciliation.isFetching}
        onClick={() => void reconciliation.refetch()}
      >
        {t('reconciliation.refresh')}
      </Button>
    </Group>
  );

  if (reconciliation.isPending) {
    return (
      <Stack gap="md">
        {header}
        <PanelLoading />
      </Stack>
    );
  }
  if (reconciliation.isError) {
    return (
      <Stack gap="md">
        {header}
        <PanelError error={reconciliation.error} onRetry={() => void reconciliation.refetch()} />
      </Stack>
    );
  }
  const { items, mismatches } = reconciliation.data;
  if (items.length === 0) {
    return (
      <Stack gap="md">
        {header}
        <EmptyState icon={<IconListCheck size={28} aria-hidden />} variant="light" py="xl">
          <EmptyState.Title order={2}>{t('reconciliation.empty')}</EmptyState.Title>
          <EmptyState.Description>{t('reconciliation.emptyBody')}</EmptyState.Description>
        </EmptyState>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {header}
      <Alert
        role="status"
        variant="light"
        color={mismatches === 0 ? 'teal' : 'red'}
        icon={
          mismatches === 0 ? (
            <IconCircleCheck size={20} aria-hidden />
          ) : (
            <IconAlertTriangle size={20} aria-hidden />
          )
        }
      >
        {mismatches === 0
          ? t('reconciliation.summaryOk', { count: items.length })
          : t('reconciliation.summaryMismatch', { mismatches, count: items.length })}
      </Alert>
      <Table.ScrollContainer
        minWidth={900}
        type="native"
        // Wider than a laptop's page: the region scrolls sideways, also from the keyboard.
        tabIndex={0}
        role="region"
        aria-label={t('reconciliation.caption')}
      >
        <Table verticalSpacing="sm" {...moneyTableProps}>
          <Table.Caption>{t('reconciliation.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('payments.id')}</Table.Th>
              <Table.Th scope="col">{t('reconciliation.ours')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('reconciliation.amount')}
              </Table.Th>
              <Table.Th scope="col">{t('reconciliation.theirs')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('reconciliation.reached')}
              </Table.Th>
              <Table.Th scope="col">{t('reconciliation.result')}</Table.Th>
              <Table.Th scope="col">{t('reconciliation.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((row) => (
              <ReconciliationRow key={row.payment_id} row={row} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

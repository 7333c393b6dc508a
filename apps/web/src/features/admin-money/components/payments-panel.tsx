import { adminPaymentStates } from '@clipmarket/contracts/admin-money';
import {
  Badge,
  Button,
  EmptyState,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { TFunction } from '../../../lib/translator';
import { useTranslation } from '../../../lib/use-translation';
import { IconCoin } from '../../../components/icons';
import { formatNumber } from '../../../lib/format';
import {
  type AdminPayment,
  type AdminPaymentState,
  useAdminPayments,
} from '../api/get-admin-payments';
import { formatDateTime, isPaymentState, moneyTableProps, stateColors } from '../money-format';
import { Money, PanelError, PanelLoading } from './panel-state';

/** The purposes the payments pay for, by the key of their words in the catalog. */
const purposeKeys: Partial<Record<string, string>> = {
  wallet_purchase: 'wallet_purchase',
  'content-request': 'content_request',
  'content-fee': 'content_fee',
  opportunity: 'opportunity',
  'opportunity-approval': 'opportunity_approval',
};

/** "Content fee CR-000010-1": what is paid, by the purchase's public reference. */
function purposeLabel(payment: AdminPayment, t: TFunction) {
  const key = purposeKeys[payment.purpose];
  if (key && payment.purpose_reference) {
    return t(`payments.purposes.${key}`, { reference: payment.purpose_reference });
  }
  return t('payments.purposes.other', {
    purpose: payment.purpose,
    reference: payment.purpose_reference ?? `#${payment.purpose_id}`,
  });
}

function PaymentRow({ payment, isCurrent }: { payment: AdminPayment; isCurrent: boolean }) {
  const { t, i18n } = useTranslation('admin-money');
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '—');
  return (
    <Table.Tr
      data-testid={`payment-${payment.payment_id}`}
      aria-current={isCurrent ? 'true' : undefined}
      bg={isCurrent ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Table.Th scope="row">
        <Text span fw={700} dir="ltr">
          #{payment.payment_id}
        </Text>
      </Table.Th>
      <Table.Td>
        <Text size="sm" fw={500}>
          {payment.owner.brand_name ?? payment.owner.email ?? `#${payment.owner.user_id}`}
        </Text>
        {payment.owner.brand_name && payment.owner.email && (
          <Text size="xs" c="dimmed" dir="ltr" ta="start">
            {payment.owner.email}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {purposeLabel(payment, t)}
        {/* The gateway's label names the purchase by its public reference. */}
        <Text size="xs" c="dimmed">
          {payment.description}
        </Text>
      </Table.Td>
      <Table.Td ta="end">
        <Money millimes={payment.amount} />
      </Table.Td>
      <Table.Td>
        <Badge miw="max-content" color={stateColors[payment.state]} variant="light">
          {t(`states.${payment.state}`)}
        </Badge>
        {payment.failure_reason && (
          <Text size="xs" mt={4} maw={260} style={{ whiteSpace: 'normal' }}>
            <VisuallyHidden>{t('payments.failure')}: </VisuallyHidden>
            {payment.failure_reason}
          </Text>
        )}
        {payment.kept_in_wallet && (
          <Text size="xs" mt={4} maw={260} style={{ whiteSpace: 'normal' }}>
            {t('payments.kept', { reason: t(`payments.keptReasons.${payment.kept_in_wallet}`) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="xs" ff="monospace" dir="ltr" ta="start">
          {payment.gateway_ref ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>{when(payment.created_at)}</Table.Td>
      <Table.Td>{when(payment.paid_at)}</Table.Td>
      <Table.Td>{when(payment.expires_at)}</Table.Td>
    </Table.Tr>
  );
}

/**
 * The payments tab: every payment newest first, filtered by status, one page at a time
 * ("Show more"). `currentPaymentId` (from `/admin/payments/{payment_id}`) is highlighted.
 */
export function PaymentsPanel({
  status,
  onStatusChange,
  currentPaymentId,
}: {
  status: AdminPaymentState | null;
  onStatusChange: (status: AdminPaymentState | null) => void;
  currentPaymentId: number | null;
}) {
  const { t, i18n } = useTranslation('admin-money');
  const payments = useAdminPayments(status);
  const items = payments.data?.pages.flatMap((page) => page.items) ?? [];

  const filter = (
    <NativeSelect
      label={t('payments.filter')}
      value={status ?? ''}
      onChange={(event) => {
        const value = event.currentTarget.value;
        onStatusChange(isPaymentState(value) ? value : null);
      }}
      data={[
        { value: '', label: t('payments.filterAll') },
        ...adminPaymentStates.map((state) => ({ value: state, label: t(`states.${state}`) })),
      ]}
      w={220}
    />
  );

  let body;
  if (payments.isPending) body = <PanelLoading />;
  else if (payments.isError) {
    body = <PanelError error={payments.error} onRetry={() => void payments.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <EmptyState icon={<IconCoin size={28} aria-hidden />} variant="light" py="xl">
        <EmptyState.Title order={2}>
          {status ? t('payments.emptyFiltered') : t('payments.empty')}
        </EmptyState.Title>
      </EmptyState>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Table.ScrollContainer
          minWidth={1080}
          type="native"
          // Wider than a laptop's page: the region scrolls sideways, also from the keyboard.
          tabIndex={0}
          role="region"
          aria-label={t('payments.caption')}
        >
          <Table verticalSpacing="sm" striped highlightOnHover {...moneyTableProps}>
            <Table.Caption>{t('payments.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('payments.id')}</Table.Th>
                <Table.Th scope="col">{t('payments.owner')}</Table.Th>
                <Table.Th scope="col">{t('payments.purpose')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('payments.amount')}
                </Table.Th>
                <Table.Th scope="col">{t('payments.state')}</Table.Th>
                <Table.Th scope="col">{t('payments.gatewayRef')}</Table.Th>
                <Table.Th scope="col">{t('payments.created')}</Table.Th>
                <Table.Th scope="col">{t('payments.paid')}</Table.Th>
                <Table.Th scope="col">{t('payments.expires')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((payment) => (
                <PaymentRow
                  key={payment.payment_id}
                  payment={payment}
                  isCurrent={payment.payment_id === currentPaymentId}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between">
          <Text size="sm" role="status">
            {t('payments.shown', { count: formatNumber(items.length, i18n.language) })}
          </Text>
          {payments.hasNextPage && (
            <Button
              variant="light"
              loading={payments.isFetchingNextPage}
              onClick={() => void payments.fetchNextPage()}
            >
              {t('payments.showMore')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {filter}
      {body}
    </Stack>
  );
}

import type { Payout } from '@clipmarket/contracts/payouts';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId } from 'react';
import { Trans, useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import { Money } from '../../../components/checkout/money';
import { IconCash, IconInfoCircle, IconSettings } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { formatDate } from '../../../lib/format';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useTwinklingSeen } from '../../../lib/twinkling';
import { type CreatorPayouts, usePayouts } from '../api/get-payouts';
import { usePhoneLayout } from '../../../components/stacked-rows';
import { EarningsCards } from '../components/earnings-cards';
import { PayoutStatusBadge } from '../components/payout-status-badge';

/**
 * `/track-deposits` (spec §2 "Creator payments (get paid)", issue 11 §6): the creator's pending
 * and paid earnings with their dates; without a bank or D17 number, the spec's support note and
 * the way to the financial info.
 */
export default function TrackDepositsPage() {
  const { t } = useTranslation('payouts');
  const payouts = usePayouts();
  useTwinklingSeen('twinkling_get_paid');
  // A "payment received" notification means a payout changed: the page shows it at once.
  useRealtimeEvent('new_notification', () => void payouts.refetch());
  const first = payouts.data?.pages[0];
  const items = payouts.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('track.title')}</Title>
        <Text c="dimmed">{t('track.intro')}</Text>
      </div>
      {payouts.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('track.loading')} />
        </Center>
      ) : payouts.isError || !first ? (
        <LoadErrorAlert
          error={payouts.error}
          message={t('track.loadError')}
          onRetry={() => void payouts.refetch()}
        />
      ) : (
        <>
          <PaymentDetails summary={first} />
          <Totals summary={first} />
          {items.length === 0 ? (
            <Paper withBorder p="xl" radius="md">
              <Stack align="center" gap="xs" ta="center">
                <IconCash size={40} aria-hidden />
                <Title order={2} size="h4">
                  {t('track.empty.title')}
                </Title>
                <Text c="dimmed">{t('track.empty.body')}</Text>
                <Button component={Link} to="/accept-requests" variant="light" mt="xs">
                  {t('track.empty.action')}
                </Button>
              </Stack>
            </Paper>
          ) : (
            <>
              <EarningsTable items={items} />
              {payouts.hasNextPage && (
                <Center>
                  <Button
                    variant="default"
                    loading={payouts.isFetchingNextPage}
                    onClick={() => void payouts.fetchNextPage()}
                  >
                    {t('track.loadMore')}
                  </Button>
                </Center>
              )}
            </>
          )}
        </>
      )}
    </Stack>
  );
}

/** How the creator is paid and when; the spec's support note when there is nothing to pay to. */
function PaymentDetails({ summary }: { summary: CreatorPayouts }) {
  const { t } = useTranslation('payouts');
  const schedule = t('track.schedule', { count: summary.payout_delay_days });
  if (!summary.has_payment_details) {
    return (
      <Alert
        color="orange"
        role="note"
        title={t('track.noDetails.title')}
        icon={<IconInfoCircle size={20} aria-hidden />}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="track.noDetails.note"
              values={{ email: summary.support_email }}
              components={{
                mail: <Anchor href={`mailto:${summary.support_email}`} size="sm" dir="ltr" />,
              }}
            />
          </Text>
          <Text size="sm">{schedule}</Text>
          <Button
            component={Link}
            to="/track-deposits?settings=financial-infos"
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconSettings size={14} aria-hidden />}
          >
            {t('track.noDetails.action')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} aria-hidden />}>
      <Text size="sm">
        {t(`track.method.${summary.payment_method ?? 'bank'}`)} {schedule}
      </Text>
    </Alert>
  );
}

function Totals({ summary }: { summary: CreatorPayouts }) {
  const { t } = useTranslation('payouts');
  const headingId = useId();
  const cards = [
    { key: 'pending', amount: summary.pending_total, emphasis: true },
    { key: 'paid', amount: summary.paid_total, emphasis: false },
  ] as const;
  return (
    <section aria-labelledby={headingId}>
      <VisuallyHidden>
        <Title order={2} id={headingId}>
          {t('track.totals.title')}
        </Title>
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {cards.map((card) => (
          <Paper key={card.key} withBorder radius="md" p="md">
            <Text size="sm" c="dimmed" fw={500}>
              {t(`track.totals.${card.key}`)}
            </Text>
            <Text fz={card.emphasis ? 28 : 24} fw={700} data-testid={`payouts-${card.key}`}>
              <Money millimes={card.amount} />
            </Text>
            <Text size="xs" c="dimmed">
              {t(`track.totals.${card.key}Hint`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}

function EarningsTable({ items }: { items: readonly Payout[] }) {
  const { t, i18n } = useTranslation('payouts');
  const headingId = useId();
  const isPhone = usePhoneLayout();
  if (isPhone) return <EarningsCards items={items} />;
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id={headingId}>
          {t('track.table.title')}
        </Title>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-labelledby={headingId} striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('track.table.content')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('track.table.amount')}
              </Table.Th>
              <Table.Th scope="col">{t('track.table.status')}</Table.Th>
              <Table.Th scope="col">{t('track.table.date')}</Table.Th>
              <Table.Th scope="col">{t('track.table.reference')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((payout) => (
              <Table.Tr key={payout.payout_id}>
                <Table.Th scope="row" fw={500}>
                  {payout.title || t('track.table.untitled')}
                  {payout.line_reference && (
                    <Text size="xs" c="dimmed" component="span" display="block">
                      {payout.line_reference}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td ta="end">
                  <Money millimes={payout.amount} />
                </Table.Td>
                <Table.Td>
                  <PayoutStatusBadge status={payout.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {payout.status === 'paid' && payout.paid_at
                    ? t('track.table.paidOn', { date: formatDate(payout.paid_at, i18n.language) })
                    : t('track.table.dueOn', { date: formatDate(payout.due_at, i18n.language) })}
                </Table.Td>
                <Table.Td>
                  {payout.reference ? (
                    <bdi dir="ltr">{payout.reference}</bdi>
                  ) : (
                    <Text span c="dimmed" size="sm">
                      {t('track.table.noReference')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

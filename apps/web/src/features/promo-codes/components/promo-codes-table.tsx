import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { IconAlertTriangle, IconRosetteDiscountCheck } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatDate, formatNumber, formatPercent } from '../../../lib/format';
import { toasts } from '../../../lib/toasts';
import { type AdminPromoCode, useAdminPromoCodes } from '../api/get-admin-promo-codes';
import { useUpdatePromoCode } from '../api/update-promo-code';

/** The last day a code is valid: its end is the following midnight (excluded). */
const lastDayOf = (endsAt: string) => new Date(new Date(endsAt).getTime() - 1);

function ActiveSwitch({ promoCode }: { promoCode: AdminPromoCode }) {
  const { t } = useTranslation('admin');
  const update = useUpdatePromoCode();
  const errorMessage = useApiErrorMessage();
  const isPending = update.isPending && update.variables.promoCodeId === promoCode.promo_code_id;
  const checked = isPending ? (update.variables.body.is_active ?? false) : promoCode.is_active;
  return (
    <Switch
      checked={checked}
      disabled={isPending}
      aria-label={t('promoCodes.list.activeLabel', { code: promoCode.code })}
      onChange={(event) => {
        const isActive = event.currentTarget.checked;
        update.mutate(
          { promoCodeId: promoCode.promo_code_id, body: { is_active: isActive } },
          {
            onSuccess: (saved) =>
              toasts.show({
                color: 'teal',
                message: t(
                  saved.is_active ? 'promoCodes.list.activated' : 'promoCodes.list.deactivated',
                  {
                    code: saved.code,
                  },
                ),
              }),
            onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
          },
        );
      }}
    />
  );
}

/** Every code, newest first: percent, window, use against the limits, purchases, on/off. */
export function PromoCodesTable() {
  const { t, i18n } = useTranslation('admin');
  const errorMessage = useApiErrorMessage();
  const promoCodes = useAdminPromoCodes();
  const number = (value: number) => formatNumber(value, i18n.language);
  const date = (value: string | Date) => formatDate(value, i18n.language);

  if (promoCodes.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <VisuallyHidden role="status">{t('promoCodes.list.loading')}</VisuallyHidden>
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (promoCodes.isError) {
    return (
      <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
        <Group justify="space-between">
          <Text size="sm">{errorMessage(promoCodes.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void promoCodes.refetch()}>
            {t('promoCodes.list.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (promoCodes.data.length === 0) {
    return (
      <EmptyState icon={<IconRosetteDiscountCheck size={28} aria-hidden />} variant="light" py="xl">
        <EmptyState.Title order={2}>{t('promoCodes.list.empty.title')}</EmptyState.Title>
        <EmptyState.Description>{t('promoCodes.list.empty.body')}</EmptyState.Description>
      </EmptyState>
    );
  }

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" striped highlightOnHover>
        <Table.Caption>{t('promoCodes.list.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('promoCodes.list.code')}</Table.Th>
            <Table.Th scope="col">{t('promoCodes.list.percent')}</Table.Th>
            <Table.Th scope="col">{t('promoCodes.list.window')}</Table.Th>
            <Table.Th scope="col">{t('promoCodes.list.used')}</Table.Th>
            <Table.Th scope="col">{t('promoCodes.list.appliesTo')}</Table.Th>
            <Table.Th scope="col">{t('promoCodes.list.active')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {promoCodes.data.map((promoCode) => (
            <Table.Tr key={promoCode.promo_code_id} data-testid={`promo-code-${promoCode.code}`}>
              <Table.Th scope="row">
                <Text fw={700} ff="monospace" dir="ltr" span>
                  {promoCode.code}
                </Text>
              </Table.Th>
              <Table.Td>
                {t('promoCodes.list.percentValue', {
                  percent: formatPercent(promoCode.percent_basis_points / 100, i18n.language),
                })}
              </Table.Td>
              <Table.Td>
                {promoCode.ends_at
                  ? t('promoCodes.list.windowRange', {
                      start: date(promoCode.starts_at),
                      end: date(lastDayOf(promoCode.ends_at)),
                    })
                  : t('promoCodes.list.windowOpen', { start: date(promoCode.starts_at) })}
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {promoCode.max_redemptions === null
                    ? t('promoCodes.list.usedNoLimit', {
                        count: number(promoCode.redemption_count),
                      })
                    : t('promoCodes.list.usedOfLimit', {
                        count: number(promoCode.redemption_count),
                        limit: number(promoCode.max_redemptions),
                      })}
                </Text>
                {promoCode.max_redemptions_per_advertiser !== null && (
                  <Text size="xs" c="dimmed">
                    {t('promoCodes.list.perAdvertiser', {
                      limit: number(promoCode.max_redemptions_per_advertiser),
                    })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {promoCode.applies_to.map((kind) => (
                    <Badge key={kind} variant="light" size="sm">
                      {t(`promoCodes.kinds.${kind}`)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <ActiveSwitch promoCode={promoCode} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { ApiError } from '../../lib/api-client';
import { useApiErrorMessage } from '../../lib/api-error-message';
import { formatMoney } from '../../lib/format';
import {
  type LicenceSummary,
  licencePath,
  useRenewLicence,
  WALLET_TOP_UP_PATH,
} from '../../lib/licences';
import { formatDay } from '../../lib/tunis-time';
import { toasts } from '../../lib/toasts';
import { useTranslation } from '../../lib/use-translation';
import { IconFileCertificate, IconRefresh } from '../icons';

/** What the wallet misses for the renewal (the API's `missing_amount`), when that was the refusal. */
function missingAmountOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'INSUFFICIENT_FUNDS') return null;
  const field = error.fields.find((item) => item.field === 'missing_amount');
  const amount = field ? Number(field.message) : NaN;
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

/**
 * The advertiser's licence where HD is downloaded (issue 27 §1): running, its end and a
 * renewal offered; expired, "Licence expired on …" and the renew button instead of the HD
 * button. Renewing is one click, paid from the wallet; a wallet too short says how much is
 * missing and links to the top-up.
 */
export function LicenceRenewal({
  lineId,
  licence,
  showPageLink = true,
}: {
  lineId: number;
  licence: LicenceSummary;
  showPageLink?: boolean;
}) {
  const { t, i18n } = useTranslation('licences');
  const errorMessage = useApiErrorMessage();
  const renew = useRenewLicence(lineId);
  const money = (millimes: number) => formatMoney(millimes, i18n.language);
  const day = (value: string) => formatDay(value, i18n.language);
  const missing = missingAmountOf(renew.error);
  const price = licence.renewal_price;

  const submit = () => {
    renew.reset();
    renew.mutate(licence.term, {
      onSuccess: (result) => {
        toasts.show({
          color: 'green',
          message: result.licence.expires_at
            ? t('renewal.done', { date: day(result.licence.expires_at) })
            : t('renewal.doneNoEnd'),
        });
      },
    });
  };

  return (
    <Stack gap="xs">
      {licence.state === 'expired' && licence.expires_at ? (
        <Alert
          color="orange"
          icon={<IconFileCertificate size={20} aria-hidden />}
          title={t('state.expiredOn', { date: day(licence.expires_at) })}
          role="status"
        >
          {t('renewal.expiredHint')}
        </Alert>
      ) : licence.state === 'active' && licence.expires_at ? (
        <Text size="sm">{t('state.activeUntil', { date: day(licence.expires_at) })}</Text>
      ) : licence.state === 'perpetual' ? (
        <Text size="sm">{t('renewal.perpetual')}</Text>
      ) : null}
      {missing !== null ? (
        <Alert color="red" role="alert">
          <Stack gap={4}>
            <Text size="sm">{t('renewal.missing', { amount: money(missing) })}</Text>
            <Anchor component={Link} to={WALLET_TOP_UP_PATH} size="sm">
              {t('renewal.topUp')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        renew.isError && (
          <Alert color="red" role="alert">
            {errorMessage(renew.error)}
          </Alert>
        )
      )}
      <Group gap="sm">
        {price !== null && (
          <Button
            leftSection={<IconRefresh size={18} aria-hidden />}
            variant={licence.state === 'expired' ? 'filled' : 'light'}
            loading={renew.isPending}
            onClick={submit}
          >
            {t('renewal.submit', { amount: money(price) })}
          </Button>
        )}
        {showPageLink && (
          <Anchor component={Link} to={licencePath(lineId)} size="sm">
            {t('page.open')}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}

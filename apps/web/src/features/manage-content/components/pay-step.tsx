import { Alert, Badge, Button, Center, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Money } from '../../../components/checkout/money';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatMoney } from '../../../lib/format';
import { goToPaymentPage, usePaymentAttempt } from '../../../lib/payment-page';
import { toasts } from '../../../lib/toasts';
import { usePaymentQuote, usePayLine } from '../api/manage-content';

type Method = 'wallet' | 'gateway';

/**
 * Step 2 of "Manage content" (spec §4): the approved video's fee. Reserved at sending, paying
 * only captures it; otherwise the wallet (when it covers the fee) or the card (the gateway's
 * page). Paid, the HD original opens.
 */
export function PayStep({
  lineId,
  isOpportunity = false,
}: {
  lineId: number;
  /** An opportunity's line: its price was reserved at the application's approval. */
  isOpportunity?: boolean;
}) {
  const { t, i18n } = useTranslation('manage-content');
  const errorMessage = useApiErrorMessage();
  const quote = usePaymentQuote(lineId, true);
  const pay = usePayLine(lineId);
  const [method, setMethod] = useState<Method | null>(null);
  const [leaving, setLeaving] = useState(false);
  const attempt = usePaymentAttempt();

  if (quote.isPending) {
    return (
      <Center py="md">
        <Loader aria-label={t('pay.loading')} />
      </Center>
    );
  }
  if (quote.isError) {
    return (
      <LoadErrorAlert
        error={quote.error}
        message={t('pay.loadError')}
        onRetry={() => void quote.refetch()}
      />
    );
  }
  const data = quote.data;
  const chosen: Method = data.funds_secured
    ? 'wallet'
    : (method ?? (data.wallet_covers ? 'wallet' : 'gateway'));
  const money = (millimes: number) => formatMoney(millimes, i18n.language);

  const submit = () => {
    const idempotencyKey = attempt.begin({ method: chosen });
    if (!idempotencyKey) return;
    pay.mutate(
      { method: chosen, idempotencyKey },
      {
        onSettled: () => attempt.end(),
        onSuccess: (result) => {
          if (result.payment_url) {
            setLeaving(true);
            goToPaymentPage(result.payment_url);
            return;
          }
          attempt.succeeded();
          toasts.show({ color: 'green', message: t('pay.paid') });
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : 'INTERNAL';
          attempt.failed(code);
        },
      },
    );
  };
  const busy = pay.isPending || leaving;

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Text>{t('pay.contentFee')}</Text>
        <Text fw={700} size="lg">
          <Money millimes={data.content_fee} />
        </Text>
        {data.funds_secured && (
          <Badge color="teal" variant="light">
            {t('pay.fundsReserved')}
          </Badge>
        )}
      </Group>
      {data.funds_secured ? (
        <Text size="sm">
          {isOpportunity ? t('pay.opportunityFundsReservedHint') : t('pay.fundsReservedHint')}
        </Text>
      ) : (
        <Radio.Group
          label={t('pay.method')}
          value={chosen}
          onChange={(value) => setMethod(value as Method)}
        >
          <Stack gap="sm" mt="xs">
            <Radio
              value="wallet"
              label={t('pay.wallet')}
              description={
                data.wallet_covers
                  ? t('pay.walletAvailable', { amount: money(data.wallet_available) })
                  : `${t('pay.walletAvailable', { amount: money(data.wallet_available) })} ${t('pay.walletNotEnough')}`
              }
              disabled={!data.wallet_covers || busy}
            />
            <Radio
              value="gateway"
              label={t('pay.gateway')}
              description={t('pay.gatewayHint')}
              disabled={busy}
            />
          </Stack>
        </Radio.Group>
      )}
      {pay.isError && (
        <Alert color="red" role="alert">
          {errorMessage(pay.error)}
        </Alert>
      )}
      <Group>
        <Button onClick={submit} loading={busy}>
          {data.funds_secured
            ? t('pay.captureSubmit', { amount: money(data.content_fee) })
            : chosen === 'gateway'
              ? t('pay.cardSubmit', { amount: money(data.content_fee) })
              : t('pay.walletSubmit', { amount: money(data.content_fee) })}
        </Button>
      </Group>
    </Stack>
  );
}

import type { ContentRequest } from '@clipmarket/contracts/content-requests';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams } from 'wouter';
import {
  PaymentOutcomeCard,
  type PaymentOutcome,
} from '../../../components/checkout/payment-outcome';
import { useOwnPayment } from '../../../components/checkout/use-own-payment';
import { useUnpaidReason } from '../../../components/checkout/use-unpaid-reason';
import { IconRefresh, IconCoin } from '../../../components/icons';
import { formatMoney } from '../../../lib/format';
import { useContentRequest } from '../api/content-requests';
import { BackIcon } from '../../../components/back-icon';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { REQUESTS_PATH } from '../paths';

const WALLET_PATH = '/track-payments/my-wallet';

/**
 * The request's own state decides, the address only says where the gateway sent the browser:
 * a `failed` redirect is believed at once (nothing was paid); a `success` one waits until the
 * server has read the payment back and sent the request (never trusted alone).
 */
function outcomeOf(request: ContentRequest, urlStatus: string | undefined): PaymentOutcome {
  if (request.status === 'sent') return 'paid';
  return urlStatus === 'failed' ? 'failed' : 'waiting';
}

/**
 * The result of a content request's payment (spec §2 `/request-content/{id}/payment/{status}`),
 * as the wallet's pack result: read again every 2 s until the payment is settled; sent, or "We
 * are sorry. Your payment has failed." with "Try again" back to the checkout; or, when this
 * payment arrived after the request was paid another way, that its money is in the wallet.
 */
export default function PaymentResultPage() {
  const { t, i18n } = useTranslation('content-requests');
  const { content_request_id: idParam, status: urlStatus } = useParams();
  const own = useOwnPayment(urlStatus);
  const { paymentId, payment, keptReason } = own;
  const id = Number(idParam);
  const request = useContentRequest(id, {
    pollWhile: (current) => paymentId === null && outcomeOf(current, urlStatus) === 'waiting',
  });
  let read: PaymentOutcome | 'kept' | null = null;
  if (paymentId === null) {
    read = request.data ? outcomeOf(request.data, urlStatus) : null;
  } else if (request.data) {
    read = own.outcome;
  }
  // Back unpaid: a refused card, or cancelled on the gateway's page (its last attempt tells).
  const unpaidReason = useUnpaidReason(read === 'failed');
  const outcome = read === 'failed' && unpaidReason === null ? null : read;
  const cancelled = unpaidReason === 'cancelled';
  const failure = request.isError ? request.error : payment.isError ? payment.error : null;
  if (!Number.isInteger(id) || id <= 0 || failure !== null) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={1}>{t('result.title')}</Title>
        <LoadErrorAlert
          error={failure}
          message={t('result.loadError')}
          onRetry={() => {
            void request.refetch();
            if (paymentId !== null) void payment.refetch();
          }}
        />
        <ToList />
      </Stack>
    );
  }

  const kept = outcome === 'kept';
  return (
    <Stack gap="md" maw={640}>
      <Text c="dimmed" size="sm">
        {t('result.title')}
        {request.data?.title && ` · ${request.data.title}`}
      </Text>
      <PaymentOutcomeCard
        outcome={outcome === 'kept' ? 'paid' : outcome}
        texts={{
          loading: t('result.loading'),
          paidTitle: kept ? t('result.keptTitle') : t('result.paidTitle'),
          paidText: kept
            ? t(`result.keptText.${keptReason!}`, {
                amount: formatMoney(payment.data!.amount, i18n.language),
              })
            : t('result.paidText'),
          waitingTitle: t('result.waitingTitle'),
          waitingText: t('result.waitingText'),
          failedTitle: cancelled ? t('result.cancelledTitle') : t('result.failedTitle'),
          failedText: cancelled ? t('result.cancelledText') : t('result.failedText'),
        }}
        actions={
          outcome && (
            <Group justify="center" mt="lg">
              {outcome === 'failed' && (
                <Button
                  component={Link}
                  to={`${REQUESTS_PATH}/${id}/payment`}
                  leftSection={<IconRefresh size={18} aria-hidden />}
                >
                  {t('result.tryAgain')}
                </Button>
              )}
              {kept && (
                <Button
                  component={Link}
                  to={WALLET_PATH}
                  leftSection={<IconCoin size={18} aria-hidden />}
                >
                  {t('result.toWallet')}
                </Button>
              )}
              <ToList primary={outcome === 'paid'} />
            </Group>
          )
        }
      />
    </Stack>
  );
}

function ToList({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation('content-requests');
  return (
    <Button
      component={Link}
      to={REQUESTS_PATH}
      variant={primary ? 'filled' : 'default'}
      leftSection={<BackIcon />}
    >
      {t('result.toList')}
    </Button>
  );
}

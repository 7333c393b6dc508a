import type { ContentRequest } from '@clipmarket/contracts/content-requests';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams } from 'wouter';
import {
  PaymentOutcomeActions,
  PaymentOutcomeCard,
} from '../../../components/checkout/payment-outcome';
import { useOwnPayment } from '../../../components/checkout/use-own-payment';
import {
  purchaseOutcomeOf,
  usePaymentResult,
} from '../../../components/checkout/use-payment-result';
import { formatMoney } from '../../../lib/format';
import { useContentRequest } from '../api/content-requests';
import { BackIcon } from '../../../components/back-icon';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { REQUESTS_PATH } from '../paths';

/** The request's own state: sent once its payment is confirmed. */
const isSent = (request: ContentRequest) => request.status === 'sent';

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
    pollWhile: (current) =>
      paymentId === null && purchaseOutcomeOf(isSent(current), urlStatus) === 'waiting',
  });
  const { outcome, cancelled } = usePaymentResult(
    own,
    request.data ? isSent(request.data) : undefined,
    urlStatus,
  );
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
          <PaymentOutcomeActions
            outcome={outcome}
            retry={{ to: `${REQUESTS_PATH}/${id}/payment`, label: t('result.tryAgain') }}
            walletLabel={t('result.toWallet')}
            back={{
              to: REQUESTS_PATH,
              label: t('result.toList'),
              withIcon: true,
              alsoAfterFailure: true,
            }}
          />
        }
      />
    </Stack>
  );
}

/** Back to the list, when the page could not be read. */
function ToList() {
  const { t } = useTranslation('content-requests');
  return (
    <Button component={Link} to={REQUESTS_PATH} variant="default" leftSection={<BackIcon />}>
      {t('result.toList')}
    </Button>
  );
}

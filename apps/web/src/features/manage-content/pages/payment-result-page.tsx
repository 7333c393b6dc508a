import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { useParams } from 'wouter';
import {
  PaymentOutcomeActions,
  PaymentOutcomeCard,
  type PaymentOutcome,
} from '../../../components/checkout/payment-outcome';
import { useOwnPayment } from '../../../components/checkout/use-own-payment';
import { useUnpaidReason } from '../../../components/checkout/use-unpaid-reason';
import { formatMoney } from '../../../lib/format';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { type AdvertiserLineView, useAdvertiserLine } from '../api/manage-content';
import { manageStepOf } from '../components/stepper';
import { MANAGE_CONTENT_PATH } from '../paths';

/**
 * The line's own state decides, the address only says where the gateway sent the browser: a
 * `failed` redirect is believed at once (nothing was paid); a `success` one waits until the
 * server has read the payment back and the line is paid.
 */
function outcomeOf(line: AdvertiserLineView, urlStatus: string | undefined): PaymentOutcome {
  if (manageStepOf(line.status) === 2) return 'paid';
  return urlStatus === 'failed' ? 'failed' : 'waiting';
}

/**
 * `/manage-content/{id}/payment/{status}`: the result of paying a video's fee by card. The
 * payment named in the address (`?payment=`) decides, as on a request's result page: a card
 * payment that arrived once the video was paid another way says its money is in the wallet, and
 * why. Without it (an older link), the line's own state decides.
 */
export default function ManagePaymentResultPage() {
  const { t, i18n } = useTranslation('manage-content');
  const { content_request_influencer_id: idParam, status: urlStatus } = useParams();
  const id = idParam && /^[1-9]\d{0,15}$/.test(idParam) ? Number(idParam) : null;
  const own = useOwnPayment(urlStatus);
  const { paymentId, payment, keptReason } = own;
  const line = useAdvertiserLine(
    id,
    (current) => paymentId === null && outcomeOf(current, urlStatus) === 'waiting',
  );
  let read: PaymentOutcome | 'kept' | null = null;
  if (paymentId === null) {
    read = line.data ? outcomeOf(line.data, urlStatus) : null;
  } else if (line.data) {
    read = own.outcome;
  }
  // Back unpaid: a refused card, or cancelled on the gateway's page (its last attempt tells).
  const unpaidReason = useUnpaidReason(read === 'failed');
  const outcome = read === 'failed' && unpaidReason === null ? null : read;
  const cancelled = unpaidReason === 'cancelled';

  const failure = line.isError ? line.error : payment.isError ? payment.error : null;
  if (id === null || failure !== null) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={1}>{t('result.title')}</Title>
        <LoadErrorAlert
          error={failure}
          message={t('result.loadError')}
          onRetry={() => {
            void line.refetch();
            if (paymentId !== null) void payment.refetch();
          }}
        />
      </Stack>
    );
  }
  const linePath = `${MANAGE_CONTENT_PATH}/${id}`;
  const kept = outcome === 'kept';
  return (
    <Stack gap="md" maw={640}>
      <Text c="dimmed" size="sm">
        {t('result.title')}
        {line.data && ` · ${line.data.influencer_name}`}
      </Text>
      <PaymentOutcomeCard
        outcome={kept ? 'paid' : outcome}
        texts={{
          loading: t('result.loading'),
          paidTitle: kept ? t('result.keptTitle') : t('result.paidTitle'),
          paidText: kept
            ? t(`result.keptText.${keptReason!}`, {
                amount: formatMoney(payment.data!.amount, i18n.language),
              })
            : t('pay.paid'),
          waitingTitle: t('result.waitingTitle'),
          waitingText: t('result.waitingText'),
          failedTitle: cancelled ? t('result.cancelledTitle') : t('result.failedTitle'),
          failedText: cancelled ? t('result.cancelledText') : t('result.failedText'),
        }}
        actions={
          <PaymentOutcomeActions
            outcome={outcome}
            retry={{ to: linePath, label: t('result.tryAgain') }}
            walletLabel={t('result.toWallet')}
            back={{ to: linePath, label: t('result.toVideo') }}
          />
        }
      />
    </Stack>
  );
}

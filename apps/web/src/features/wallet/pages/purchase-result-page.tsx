import type { WalletPurchase } from '@clipmarket/contracts/wallet';
import { Alert, Button, Group, Stack, Text, Title, useDirection } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useLocation, useParams } from 'wouter';
import {
  PaymentOutcomeCard,
  type PaymentOutcome,
} from '../../../components/checkout/payment-outcome';
import { useUnpaidReason } from '../../../components/checkout/use-unpaid-reason';
import { IconAlertTriangle, IconArrowLeft, IconRefresh } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatMoney } from '../../../lib/format';
import { goToPaymentPage } from '../../../lib/payment-page';
import { useCancelWalletPurchase } from '../api/cancel-wallet-purchase';
import { getPayment } from '../api/get-payment';
import { useWalletPurchase } from '../api/get-wallet-purchase';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { WALLET_PATH } from './wallet-page';

/**
 * What the page tells: the purchase's own state decides, the address only says where the
 * gateway sent the browser. A `failed` redirect is believed at once (nothing was paid); a
 * `success` redirect waits for the server to have read the payment back (never trusted alone).
 */
function outcomeOf(purchase: WalletPurchase, urlStatus: string | undefined): PaymentOutcome {
  if (purchase.status === 'paid') return 'paid';
  if (purchase.status !== 'pending') return 'failed';
  return urlStatus === 'failed' ? 'failed' : 'waiting';
}

/**
 * The result of a wallet pack payment (spec §2 "/track-payments/purchase-pack/{id}/{status}"):
 * read again every 2 s while the payment service has not confirmed it; paid, or "We are sorry.
 * Your payment has failed." with "Try again" (the same payment while it can still be paid,
 * else the pack form filled with the same amount), or, when the payer cancelled on the
 * gateway's page, that the payment was cancelled. A purchase still waiting can be cancelled.
 */
export default function PurchaseResultPage() {
  const { t, i18n } = useTranslation('wallet');
  const errorMessage = useApiErrorMessage();
  const [, navigate] = useLocation();
  const { wallet_purchase_id: idParam, status: urlStatus } = useParams();
  const purchaseId = Number(idParam);
  const purchase = useWalletPurchase(purchaseId);
  const [retryError, setRetryError] = useState<unknown>(null);
  const [isRetrying, setIsRetrying] = useState(false);
  const cancel = useCancelWalletPurchase();

  const read = purchase.data ? outcomeOf(purchase.data, urlStatus) : null;
  // Back unpaid while the payment could still be paid: a refused card, or cancelled on the
  // gateway's page (its last attempt tells). An expired or cancelled purchase says so itself.
  const isGatewayUnpaid =
    read === 'failed' &&
    (purchase.data?.status === 'pending' || purchase.data?.status === 'failed');
  const unpaidReason = useUnpaidReason(isGatewayUnpaid);
  const outcome = isGatewayUnpaid && unpaidReason === null ? null : read;
  const isGatewayCancel = isGatewayUnpaid && unpaidReason === 'cancelled';

  const tryAgain = async (current: WalletPurchase) => {
    setRetryError(null);
    setIsRetrying(true);
    try {
      const payment = current.payment_id !== null ? await getPayment(current.payment_id) : null;
      if (payment?.pay_url && payment.status === 'pending') {
        goToPaymentPage(payment.pay_url);
        return;
      }
      const dinars = Math.round(current.purchased_amount / 1000);
      navigate(`${WALLET_PATH}/payment?amount=${dinars}`);
    } catch (error) {
      setRetryError(error);
      setIsRetrying(false);
    }
  };

  if (!Number.isInteger(purchaseId) || purchaseId <= 0 || purchase.isError) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={1}>{t('result.title')}</Title>
        <LoadErrorAlert
          error={purchase.error}
          message={t('result.loadError')}
          onRetry={() => void purchase.refetch()}
        />
        <BackToWallet />
      </Stack>
    );
  }

  const money = (millimes: number) => formatMoney(millimes, i18n.language);

  return (
    <Stack gap="md" maw={640}>
      <Text c="dimmed" size="sm">
        {t('result.title')}
        {purchase.data && ` · ${purchase.data.reference}`}
      </Text>
      <PaymentOutcomeCard
        outcome={outcome}
        texts={{
          loading: t('result.loading'),
          paidTitle: t('result.paidTitle'),
          paidText:
            purchase.data &&
            t('result.paidText', {
              amount: money(purchase.data.purchased_amount),
              reference: purchase.data.reference,
            }),
          paidNote: purchase.data && t('result.paidTotal', { total: money(purchase.data.total) }),
          waitingTitle: t('result.waitingTitle'),
          waitingText: t('result.waitingText'),
          failedTitle: isGatewayCancel
            ? t('result.paymentCancelledTitle')
            : purchase.data?.status === 'cancelled'
              ? t('result.cancelledTitle')
              : t('result.failedTitle'),
          failedText:
            purchase.data &&
            t(
              isGatewayCancel
                ? 'result.paymentCancelledText'
                : purchase.data.status === 'expired'
                  ? 'result.expiredText'
                  : purchase.data.status === 'cancelled'
                    ? 'result.cancelledText'
                    : 'result.failedText',
              { reference: purchase.data.reference },
            ),
        }}
        actions={
          purchase.data && (
            <Group justify="center" mt="lg">
              {outcome === 'failed' || (outcome === 'waiting' && urlStatus !== 'success') ? (
                <Button
                  leftSection={<IconRefresh size={18} aria-hidden />}
                  loading={isRetrying}
                  onClick={() => void tryAgain(purchase.data)}
                >
                  {purchase.data.status !== 'pending'
                    ? t('result.buyAgain')
                    : outcome === 'failed' && !isGatewayCancel
                      ? t('result.tryAgain')
                      : t('result.continue')}
                </Button>
              ) : null}
              {purchase.data.status === 'pending' && urlStatus !== 'success' && (
                <Button
                  variant="default"
                  loading={cancel.isPending}
                  onClick={() => cancel.mutate(purchase.data.wallet_purchase_id)}
                >
                  {t('result.cancel')}
                </Button>
              )}
              <BackToWallet primary={outcome === 'paid'} />
            </Group>
          )
        }
        footer={
          (retryError !== null || cancel.isError) && (
            <Alert
              mt="md"
              color="red"
              role="alert"
              icon={<IconAlertTriangle size={20} aria-hidden />}
            >
              {errorMessage(retryError ?? cancel.error)}
            </Alert>
          )
        }
      />
    </Stack>
  );
}

function BackToWallet({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation('wallet');
  const { dir } = useDirection();
  return (
    <Button
      component={Link}
      to={WALLET_PATH}
      variant={primary ? 'filled' : 'default'}
      leftSection={
        <IconArrowLeft
          size={18}
          aria-hidden
          style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}
        />
      }
    >
      {t('result.backToWallet')}
    </Button>
  );
}

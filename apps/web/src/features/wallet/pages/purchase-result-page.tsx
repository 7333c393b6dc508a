import type { WalletPurchase } from '@clipmarket/contracts/wallet';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  useDirection,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconCircleX,
  IconRefresh,
} from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatMoney } from '../../../lib/format';
import { goToPaymentPage } from '../../../lib/payment-page';
import { getPayment } from '../api/get-payment';
import { useWalletPurchase } from '../api/get-wallet-purchase';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { WALLET_PATH } from './wallet-page';

type Outcome = 'paid' | 'waiting' | 'failed';

/**
 * What the page tells: the purchase's own state decides, the address only says where the
 * gateway sent the browser. A `failed` redirect is believed at once (nothing was paid); a
 * `success` redirect waits for the server to have read the payment back (never trusted alone).
 */
function outcomeOf(purchase: WalletPurchase, urlStatus: string | undefined): Outcome {
  if (purchase.status === 'paid') return 'paid';
  if (purchase.status === 'failed' || purchase.status === 'expired') return 'failed';
  return urlStatus === 'failed' ? 'failed' : 'waiting';
}

/**
 * The result of a wallet pack payment (spec §2 "/track-payments/purchase-pack/{id}/{status}"):
 * read again every 2 s while the payment service has not confirmed it; paid, or "We are sorry.
 * Your payment has failed." with "Try again" (the same payment while it can still be paid,
 * else the pack form filled with the same amount).
 */
export default function PurchaseResultPage() {
  const { t, i18n } = useTranslation('wallet');
  const errorMessage = useApiErrorMessage();
  const navigate = useNavigate();
  const { wallet_purchase_id: idParam, status: urlStatus } = useParams();
  const purchaseId = Number(idParam);
  const purchase = useWalletPurchase(purchaseId);
  const [retryError, setRetryError] = useState<unknown>(null);
  const [isRetrying, setIsRetrying] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const outcome = purchase.data ? outcomeOf(purchase.data, urlStatus) : null;

  // A final answer moves focus to its heading, so keyboard and screen reader users start there.
  useEffect(() => {
    if (outcome === 'paid' || outcome === 'failed') headingRef.current?.focus();
  }, [outcome]);

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
      void navigate(`${WALLET_PATH}/payment?amount=${dinars}`);
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
      <Paper withBorder radius="md" p="xl">
        {/* Announced as it changes: waiting, then paid or failed. */}
        <div role="status">
          {purchase.isPending || !purchase.data ? (
            <Center py="lg">
              <Loader aria-label={t('result.loading')} />
            </Center>
          ) : outcome === 'paid' ? (
            <Stack align="center" gap="sm" ta="center">
              <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" aria-hidden />
              <Title order={1} size="h2" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
                {t('result.paidTitle')}
              </Title>
              <Text>
                {t('result.paidText', {
                  amount: money(purchase.data.purchased_amount),
                  reference: purchase.data.reference,
                })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('result.paidTotal', { total: money(purchase.data.total) })}
              </Text>
            </Stack>
          ) : outcome === 'waiting' ? (
            <Stack align="center" gap="sm" ta="center">
              <Loader aria-hidden />
              <Title order={1} size="h2">
                {t('result.waitingTitle')}
              </Title>
              <Text>{t('result.waitingText')}</Text>
            </Stack>
          ) : (
            <Stack align="center" gap="sm" ta="center">
              <IconCircleX size={56} color="var(--mantine-color-red-6)" aria-hidden />
              <Title order={1} size="h2" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
                {t('result.failedTitle')}
              </Title>
              <Text>
                {t(
                  purchase.data.status === 'expired' ? 'result.expiredText' : 'result.failedText',
                  {
                    reference: purchase.data.reference,
                  },
                )}
              </Text>
            </Stack>
          )}
        </div>
        {purchase.data && (
          <Group justify="center" mt="lg">
            {outcome === 'failed' || (outcome === 'waiting' && urlStatus !== 'success') ? (
              <Button
                leftSection={<IconRefresh size={18} aria-hidden />}
                loading={isRetrying}
                onClick={() => void tryAgain(purchase.data)}
              >
                {outcome === 'failed' ? t('result.tryAgain') : t('result.continue')}
              </Button>
            ) : null}
            <BackToWallet primary={outcome === 'paid'} />
          </Group>
        )}
        {retryError !== null && (
          <Alert
            mt="md"
            color="red"
            role="alert"
            icon={<IconAlertTriangle size={20} aria-hidden />}
          >
            {errorMessage(retryError)}
          </Alert>
        )}
      </Paper>
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

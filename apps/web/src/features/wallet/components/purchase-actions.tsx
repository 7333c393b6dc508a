import type { WalletPurchase } from '@clipmarket/contracts/wallet';
import { Button, Group, Text } from '@mantine/core';
import { Link } from 'wouter';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { useTranslation } from '../../../lib/use-translation';
import { useCancelWalletPurchase } from '../api/cancel-wallet-purchase';

/** The pack form filled with a purchase's amount (the wallet page reads `?amount=`). */
export const buyAgainPath = (purchase: WalletPurchase) =>
  `/track-payments/my-wallet/payment?amount=${Math.round(purchase.purchased_amount / 1000)}`;

/**
 * What can still be done with a purchase: a pending one is resumed (its payment page, while it
 * can be paid) or cancelled; one that ended unpaid (failed, expired, cancelled) is bought again
 * with the same amount. A paid one has nothing to do.
 */
export function PurchaseActions({ purchase }: { purchase: WalletPurchase }) {
  const { t } = useTranslation('wallet');
  const errorMessage = useApiErrorMessage();
  const cancel = useCancelWalletPurchase();
  if (purchase.status === 'paid') return null;
  if (purchase.status !== 'pending') {
    return (
      <Button
        component={Link}
        to={buyAgainPath(purchase)}
        size="compact-sm"
        variant="light"
        aria-label={t('actions.buyAgainLabel', { reference: purchase.reference })}
      >
        {t('actions.buyAgain')}
      </Button>
    );
  }
  return (
    <div>
      <Group gap="xs" wrap="wrap">
        <Button
          component={Link}
          to={`/track-payments/purchase-pack/${purchase.wallet_purchase_id}/pending`}
          size="compact-sm"
          aria-label={t('actions.resumeLabel', { reference: purchase.reference })}
        >
          {t('actions.resume')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(purchase.wallet_purchase_id)}
          aria-label={t('actions.cancelLabel', { reference: purchase.reference })}
        >
          {t('actions.cancel')}
        </Button>
      </Group>
      {cancel.isError && (
        <Text size="sm" c="red" role="alert" mt={4}>
          {errorMessage(cancel.error)}
        </Text>
      )}
    </div>
  );
}

import {
  Anchor,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useLocation, useSearchParams } from 'wouter';
import { IconCoin, IconPlus, IconReceipt } from '../../../components/icons';
import { REDIRECT_PATH_KEY } from '../../../lib/checkout-redirect';
import { useWallet } from '../api/get-wallet';
import { BalanceCards } from '../components/balance-cards';
import { BuyPackForm, type PackDraft } from '../components/buy-pack-form';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { KeptInWalletList } from '../components/kept-in-wallet-list';
import { PurchasesTable } from '../components/purchases-table';
import { clearPackDraft, readAmountParam, readPackDraft, storePackDraft } from '../pack-draft';

export const WALLET_PATH = '/track-payments/my-wallet';

/**
 * The advertiser's wallet (spec §2 "/track-payments/my-wallet", issue 9 §5): balances, buying a
 * pack, and the purchases. `/track-payments/my-wallet/payment` opens it with the pack form open
 * (where the account settings return after the legal info), `?amount=150` fills the form in.
 */
export default function WalletRoute() {
  // `/my-wallet` and `/my-wallet/payment` share this element: a new path starts a new page, so
  // arriving on `/payment` (back from the legal info) reads the stored pack again.
  const [pathname] = useLocation();
  return <WalletPage key={pathname} />;
}

function WalletPage() {
  const { t } = useTranslation('wallet');
  const wallet = useWallet();
  const [pathname] = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const purchasesHeadingId = useId();

  // Read once, on the first render: a stored draft (back from the legal info) or ?amount=.
  const [initialDraft] = useState<PackDraft | null>(() => {
    const stored = readPackDraft();
    if (stored) return stored;
    const amount = readAmountParam(searchParams.get('amount'));
    return amount !== null ? { amount, promo: null } : null;
  });
  const [isBuying, setIsBuying] = useState(
    () => pathname.replace(/\/+$/, '').endsWith('/payment') || initialDraft !== null,
  );

  // The form has the draft now: a later visit starts afresh.
  useEffect(() => {
    if (initialDraft) clearPackDraft();
  }, [initialDraft]);

  const askForLegalInfo = (draft: PackDraft) => {
    storePackDraft(draft);
    sessionStorage.setItem(REDIRECT_PATH_KEY, WALLET_PATH);
    // The shell opens the account settings on this tab (`?settings=`), then drops the parameter.
    setSearchParams(
      (params) => {
        params.set('settings', 'legal-infos');
        return params;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('page.title')}</Title>
          <Text c="dimmed">{t('page.intro')}</Text>
        </div>
        <Anchor component={Link} to="/track-payments/my-invoices">
          <Group gap={4} component="span">
            <IconReceipt size={18} aria-hidden />
            {t('page.invoicesLink')}
          </Group>
        </Anchor>
      </Group>

      {wallet.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('page.loading')} />
        </Center>
      ) : wallet.isError ? (
        <LoadErrorAlert
          error={wallet.error}
          message={t('page.loadError')}
          onRetry={() => void wallet.refetch()}
        />
      ) : (
        <>
          <BalanceCards wallet={wallet.data} />
          {isBuying ? (
            <BuyPackForm
              limits={wallet.data.pack_limits}
              initial={initialDraft ?? undefined}
              onLegalInfoRequired={askForLegalInfo}
              onLegalInfoComplete={clearPackDraft}
            />
          ) : (
            <Group>
              <Button
                leftSection={<IconPlus size={18} aria-hidden />}
                onClick={() => setIsBuying(true)}
              >
                {t('buy.open')}
              </Button>
            </Group>
          )}
          <Stack gap="sm" component="section" aria-labelledby={purchasesHeadingId}>
            <Title order={2} size="h3" id={purchasesHeadingId}>
              {t('purchases.title')}
            </Title>
            {wallet.data.purchases.length === 0 ? (
              <EmptyState icon={<IconCoin size={32} aria-hidden />} variant="light" py="xl">
                <EmptyState.Title order={3}>{t('purchases.emptyTitle')}</EmptyState.Title>
                <EmptyState.Description>{t('purchases.emptyDescription')}</EmptyState.Description>
              </EmptyState>
            ) : (
              <PurchasesTable purchases={wallet.data.purchases} captionId={purchasesHeadingId} />
            )}
          </Stack>
          <KeptInWalletList credits={wallet.data.kept_in_wallet} />
        </>
      )}
    </Stack>
  );
}

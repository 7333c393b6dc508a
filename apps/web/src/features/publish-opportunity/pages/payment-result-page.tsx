import type { Opportunity } from '@clipmarket/contracts/opportunities';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { BackIcon } from '../../../components/back-icon';
import {
  PaymentOutcomeActions,
  PaymentOutcomeCard,
} from '../../../components/checkout/payment-outcome';
import { useOwnPayment } from '../../../components/checkout/use-own-payment';
import {
  purchaseOutcomeOf,
  usePaymentResult,
} from '../../../components/checkout/use-payment-result';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { useOpportunity } from '../api/opportunities';
import { OPPORTUNITIES_PATH, opportunityPath } from '../paths';

/** Paid once the platform fee's payment is confirmed: the opportunity is no longer a draft. */
const isPaid = (opportunity: Opportunity) =>
  opportunity.state !== 'draft' && opportunity.state !== 'discarded';

/**
 * The result of an opportunity's payment (spec §2 `/publish-opportunity/{id}/payment/{status}`),
 * as a content request's: read again every 2 s until the payment is settled; published, or "We
 * are sorry. Your payment has failed." with "Try again" back to the checkout; or, when this
 * payment arrived after the opportunity was paid another way, that its money is in the wallet.
 */
export default function PaymentResultPage() {
  const { t, i18n } = useTranslation('publish-opportunity');
  const { content_opportunity_id: idParam, status: urlStatus } = useParams();
  const own = useOwnPayment(urlStatus);
  const { paymentId, payment, keptReason } = own;
  const id = Number(idParam);
  const opportunity = useOpportunity(id, {
    pollWhile: (current) =>
      paymentId === null && purchaseOutcomeOf(isPaid(current), urlStatus) === 'waiting',
  });
  const { outcome, cancelled } = usePaymentResult(
    own,
    opportunity.data ? isPaid(opportunity.data) : undefined,
    urlStatus,
  );
  const failure = opportunity.isError ? opportunity.error : payment.isError ? payment.error : null;
  if (!Number.isInteger(id) || id <= 0 || failure !== null) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={1}>{t('result.title')}</Title>
        <LoadErrorAlert
          error={failure}
          message={t('result.loadError')}
          onRetry={() => {
            void opportunity.refetch();
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
        {opportunity.data?.title && ` · ${opportunity.data.title}`}
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
            : t('result.paidText'),
          waitingTitle: t('result.waitingTitle'),
          waitingText: t('result.waitingText'),
          failedTitle: cancelled ? t('result.cancelledTitle') : t('result.failedTitle'),
          failedText: cancelled ? t('result.cancelledText') : t('result.failedText'),
        }}
        actions={
          <PaymentOutcomeActions
            outcome={outcome}
            retry={{ to: `${opportunityPath(id)}/payment`, label: t('result.tryAgain') }}
            walletLabel={t('result.toWallet')}
            back={{
              to: OPPORTUNITIES_PATH,
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
  const { t } = useTranslation('publish-opportunity');
  return (
    <Button component={Link} to={OPPORTUNITIES_PATH} variant="default" leftSection={<BackIcon />}>
      {t('result.toList')}
    </Button>
  );
}

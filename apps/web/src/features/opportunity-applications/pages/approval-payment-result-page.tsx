import type { Application, Opportunity } from '@clipmarket/contracts/opportunities';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
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
import { routeNotFound } from '../../../lib/route-not-found';
import { useTranslation } from '../../../lib/use-translation';
import { useApplication } from '../api/applications';
import { useOpportunity } from '../api/opportunity';
import { applicationsPath, parseId } from '../paths';

/** Approved once its payment is confirmed: the application is accepted, its price held. */
const isApproved = (application: Application) => application.state === 'accepted';

/**
 * Why an approval could no longer be made when its card payment arrived (`purchase_changed`),
 * read from the application and its opportunity as they stand.
 */
export type ApprovalObstacle = 'withdrawn' | 'answered' | 'closed' | 'full' | 'wallet';

export function approvalObstacleOf(
  application: Application,
  opportunity: Opportunity,
): ApprovalObstacle {
  if (application.state === 'withdrawn') return 'withdrawn';
  if (application.state !== 'submitted') return 'answered';
  // Its last spot taken, an opportunity is ongoing: full, rather than closed.
  if (opportunity.spots_taken >= (opportunity.spots ?? 0)) return 'full';
  if (opportunity.state !== 'live') return 'closed';
  return 'wallet';
}

/**
 * `/publish-opportunity/{id}/applications/{application_id}/payment/{status}`: where the
 * gateway sends the advertiser back after paying what their wallet was missing to approve an
 * application. The payment named in the address (`?payment=`) decides, read again every 2 s
 * while pending: approved (the creator's price held, "funds secured"); failed or cancelled,
 * with the way back to the applications to try again; or paid but kept in the wallet, and why
 * (approved meanwhile, a newer attempt, the spot taken, the application withdrawn…). Without it
 * (an older link), the application's own state decides.
 */
export default function ApprovalPaymentResultPage() {
  const { t, i18n } = useTranslation('opportunity-applications');
  const params = useParams();
  const id = parseId(params.content_opportunity_id);
  const applicationId = parseId(params.content_opportunity_influencer_id);
  const urlStatus = params.status;
  const own = useOwnPayment(urlStatus);
  const { paymentId, payment, keptReason } = own;
  const opportunity = useOpportunity(id);
  const application = useApplication(id, applicationId, {
    pollWhile: (current) =>
      paymentId === null && purchaseOutcomeOf(isApproved(current), urlStatus) === 'waiting',
  });
  const { outcome, cancelled } = usePaymentResult(
    own,
    application.data ? isApproved(application.data) : undefined,
    urlStatus,
  );
  // Kept in the wallet: why reads the application and the opportunity as they are now.
  const kept = outcome === 'kept';
  const { refetch: refetchApplication } = application;
  const { refetch: refetchOpportunity } = opportunity;
  useEffect(() => {
    if (!kept) return;
    void refetchApplication();
    void refetchOpportunity();
  }, [kept, refetchApplication, refetchOpportunity]);

  if (id === null || applicationId === null) throw routeNotFound();
  const failure = application.isError
    ? application.error
    : opportunity.isError
      ? opportunity.error
      : payment.isError
        ? payment.error
        : null;
  if (failure !== null) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={1}>{t('approvalResult.title')}</Title>
        <LoadErrorAlert
          error={failure}
          message={t('approvalResult.loadError')}
          onRetry={() => {
            void application.refetch();
            void opportunity.refetch();
            if (paymentId !== null) void payment.refetch();
          }}
        />
        <ToApplications id={id} />
      </Stack>
    );
  }

  const name = application.data?.creator.name ?? '';
  const amount = payment.data ? formatMoney(payment.data.amount, i18n.language) : '';
  const price = application.data ? formatMoney(application.data.price, i18n.language) : '';
  const keptText = () => {
    if (keptReason !== 'purchase_changed') {
      return t(`approvalResult.keptText.${keptReason!}`, { name, amount });
    }
    const obstacle =
      application.data && opportunity.data
        ? approvalObstacleOf(application.data, opportunity.data)
        : 'wallet';
    return t(`approvalResult.keptText.purchase_changed.${obstacle}`, { name, amount });
  };
  return (
    <Stack gap="md" maw={640}>
      <Text c="dimmed" size="sm">
        {t('approvalResult.title')}
        {opportunity.data?.title && ` · ${opportunity.data.title}`}
      </Text>
      <PaymentOutcomeCard
        outcome={kept ? 'paid' : outcome}
        texts={{
          loading: t('approvalResult.loading'),
          paidTitle: kept ? t('approvalResult.keptTitle') : t('approvalResult.paidTitle'),
          paidText: kept
            ? keptText()
            : t('approvalResult.paidText', { name, price: `\u2066${price}\u2069` }),
          waitingTitle: t('approvalResult.waitingTitle'),
          waitingText: t('approvalResult.waitingText'),
          failedTitle: cancelled
            ? t('approvalResult.cancelledTitle')
            : t('approvalResult.failedTitle'),
          failedText: cancelled
            ? t('approvalResult.cancelledText', { name })
            : t('approvalResult.failedText', { name }),
        }}
        actions={
          <PaymentOutcomeActions
            outcome={outcome}
            retry={{ to: applicationsPath(id), label: t('approvalResult.tryAgain') }}
            walletLabel={t('approvalResult.toWallet')}
            back={{
              to: applicationsPath(id),
              label: t('approvalResult.toApplications'),
              withIcon: true,
            }}
          />
        }
      />
    </Stack>
  );
}

/** Back to the applications, when the page could not be read. */
function ToApplications({ id }: { id: number }) {
  const { t } = useTranslation('opportunity-applications');
  return (
    <Button component={Link} to={applicationsPath(id)} variant="default" leftSection={<BackIcon />}>
      {t('approvalResult.toApplications')}
    </Button>
  );
}

import type { PaymentMethod } from '@clipmarket/contracts/content-requests';
import type { OpportunityQuote } from '@clipmarket/contracts/opportunities';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Radio,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Redirect, useLocation, useParams, useSearchParams } from 'wouter';
import { BackIcon } from '../../../components/back-icon';
import { CheckoutSummary } from '../../../components/checkout/checkout-summary';
import { useMissingLegalInfo } from '../../../components/checkout/legal-info-gate';
import { LegalInfoMissing } from '../../../components/checkout/legal-info-missing';
import { PromoCodeField } from '../../../components/checkout/promo-code-field';
import { IconAlertTriangle, IconInfoCircle } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { useCheckoutPromo } from '../../../lib/checkout-promo';
import { REDIRECT_PATH_KEY } from '../../../lib/checkout-redirect';
import { formatMoney } from '../../../lib/format';
import { intlLocale } from '../../../lib/i18n';
import { goToPaymentPage, usePaymentAttempt } from '../../../lib/payment-page';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { useCheckoutOpportunity, useOpportunity, useOpportunityQuote } from '../api/opportunities';
import { FieldProblems, fieldPath, refusedFieldsOf } from '../components/field-problems';
import { OpportunityStepper } from '../components/opportunity-stepper';
import { OPPORTUNITIES_PATH, opportunityPath } from '../paths';

/** Refusals that send the advertiser back to the opportunity to complete it. */
const incompleteCodes: readonly string[] = ['VALIDATION_FAILED', 'BRIEF_TOO_LONG'];

/**
 * Step 3 of an opportunity (spec §2 `/publish-opportunity/{id}/payment`): the platform fee as
 * the server priced it (VAT, stamp, promotion) and how to pay it: from the wallet when it covers
 * the fee (the opportunity is published at once) or by card on the gateway's page. Creators'
 * prices are not paid now: each is reserved when their application is approved.
 */
export default function CheckoutPage() {
  const { t } = useTranslation('publish-opportunity');
  const { content_opportunity_id: idParam } = useParams();
  const id = Number(idParam);
  const valid = Number.isInteger(id) && id > 0;
  const opportunity = useOpportunity(valid ? id : null);

  if (!valid || opportunity.isError) {
    return (
      <Stack gap="md">
        <OpportunityStepper current="checkout" />
        <LoadErrorAlert
          error={opportunity.error}
          message={t('common.loadError')}
          onRetry={() => void opportunity.refetch()}
        />
      </Stack>
    );
  }
  if (opportunity.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  // Paid already (this tab just paid it, or another one did): the list shows where it stands.
  if (opportunity.data.state !== 'draft') {
    return <Redirect to={OPPORTUNITIES_PATH} replace />;
  }
  return <Checkout id={id} title={opportunity.data.title} />;
}

function Checkout({ id, title }: { id: number; title: string }) {
  const { t, i18n } = useTranslation('publish-opportunity');
  const errorMessage = useApiErrorMessage();
  const [, navigate] = useLocation();
  const [, setSearchParams] = useSearchParams();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const [promo, setPromo] = useCheckoutPromo(id, 'opportunity');
  const [promoError, setPromoError] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [payError, setPayError] = useState<unknown>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const quote = useOpportunityQuote(id, promo?.code ?? null);
  const checkout = useCheckoutOpportunity();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // A code the server no longer accepts: say so and price without it.
  const quoteError = quote.error;
  useEffect(() => {
    if (quoteError instanceof ApiError && quoteError.code === 'PROMO_CODE_INVALID') {
      setPromo(null);
      setPromoError(errorMessage(quoteError));
    }
  }, [quoteError, errorMessage, setPromo]);

  const data: OpportunityQuote | undefined = quote.data;
  // The wallet is offered first when it can pay; otherwise the card.
  const chosen: PaymentMethod | null = !data
    ? null
    : method === 'gateway' || !data.wallet_covers_fee
      ? 'gateway'
      : 'wallet';
  const isCurrentQuote = data !== undefined && !quote.isPlaceholderData;

  const attempt = usePaymentAttempt();

  const leaveFor = (paymentUrl: string) => {
    setIsLeaving(true);
    goToPaymentPage(paymentUrl);
  };

  const pay = () => {
    if (!chosen) return;
    const body = { method: chosen, promoCode: promo?.code ?? null };
    const idempotencyKey = attempt.begin(body);
    if (!idempotencyKey) return;
    setPayError(null);
    checkout.mutate(
      { id, ...body, idempotencyKey },
      {
        onSettled: () => attempt.end(),
        onSuccess: (result) => {
          if (result.payment_url) {
            leaveFor(result.payment_url);
            return;
          }
          toasts.show({ color: 'green', message: t('messages.published') });
          navigate(OPPORTUNITIES_PATH);
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : 'INTERNAL';
          attempt.failed(code);
          if (code === 'LEGAL_INFO_REQUIRED') {
            setPayError(failure);
            // After the legal info the settings come back to `<path>/payment` (spec §2).
            sessionStorage.setItem(REDIRECT_PATH_KEY, opportunityPath(id));
            setSearchParams(
              (params) => {
                params.set('settings', 'legal-infos');
                return params;
              },
              { replace: true },
            );
          } else if (code === 'PROMO_CODE_INVALID') {
            setPromo(null);
            setPromoError(errorMessage(failure));
          } else {
            setPayError(failure);
          }
        },
      },
    );
  };

  const busy = checkout.isPending || isLeaving;
  const payErrorCode = payError instanceof ApiError ? String(payError.code) : null;
  const refusedFields = refusedFieldsOf(payError);
  // Saved settings clear the legal-info error by themselves (the user is read again).
  const missingLegalInfo = useMissingLegalInfo(
    payError,
    useCallback(() => setPayError(null), []),
  );
  const money = (millimes: number) => formatMoney(millimes, i18n.language);

  return (
    <Stack gap="lg" maw={760}>
      <OpportunityStepper current="checkout" />
      <div>
        <Title order={1} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {t('checkout.heading')}
        </Title>
        <Text c="dimmed">
          {t('checkout.opportunity', { title: title || t('common.untitled') })}
        </Text>
      </div>

      {quote.isError &&
        !(quote.error instanceof ApiError && quote.error.code === 'PROMO_CODE_INVALID') && (
          <LoadErrorAlert
            error={quote.error}
            message={t('checkout.quoteError')}
            onRetry={() => void quote.refetch()}
          />
        )}

      {data?.open_payment && (
        <Alert color="blue" icon={<IconInfoCircle size={20} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t('checkout.openPayment', {
                time: new Intl.DateTimeFormat(intlLocale(i18n.language), {
                  timeStyle: 'short',
                  numberingSystem: 'latn',
                }).format(new Date(data.open_payment.expires_at)),
              })}
            </Text>
            <Button
              size="xs"
              variant="light"
              onClick={() => leaveFor(data.open_payment!.payment_url)}
              disabled={busy}
            >
              {t('checkout.continuePayment')}
            </Button>
          </Stack>
        </Alert>
      )}

      <PromoCodeField
        purchaseKind="opportunity"
        purchaseId={id}
        applied={promo}
        onApply={(verified) => {
          setPromo(verified);
          setPromoError(null);
        }}
        onRemove={() => {
          setPromo(null);
          setPromoError(null);
        }}
        error={promoError}
        disabled={busy}
      />

      {data ? (
        <>
          <CheckoutSummary quote={data.fee} order={2} isUpdating={!isCurrentQuote} />
          <Text size="sm" c="dimmed">
            {t('checkout.feeHint')}
          </Text>
          <Radio.Group
            label={t('checkout.method')}
            value={chosen}
            onChange={(value) => {
              setMethod(value as PaymentMethod);
              setPayError(null);
            }}
          >
            <Stack gap="sm" mt="xs">
              <Radio
                value="wallet"
                label={t('checkout.wallet')}
                description={
                  data.wallet_covers_fee
                    ? t('checkout.walletAvailable', { amount: money(data.wallet_available) })
                    : `${t('checkout.walletAvailable', { amount: money(data.wallet_available) })} ${t('checkout.walletNotEnough')}`
                }
                disabled={!data.wallet_covers_fee || busy}
              />
              <Radio
                value="gateway"
                label={t('checkout.gateway')}
                description={t('checkout.gatewayHint')}
                disabled={busy}
              />
            </Stack>
          </Radio.Group>
        </>
      ) : quote.isPending ? (
        <Skeleton height={280} radius="md" />
      ) : null}

      {payError !== null && (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            {refusedFields.length > 0 ? (
              <FieldProblems id={id} fields={refusedFields} />
            ) : missingLegalInfo?.length ? (
              <LegalInfoMissing
                fields={missingLegalInfo}
                fallback={<Text size="sm">{errorMessage(payError)}</Text>}
              />
            ) : (
              <Text size="sm">{errorMessage(payError)}</Text>
            )}
            {(refusedFields.length > 0 ||
              (payErrorCode !== null && incompleteCodes.includes(payErrorCode))) && (
              <Button
                component={Link}
                to={fieldPath(id, refusedFields[0]?.field)}
                size="xs"
                variant="light"
              >
                {t('checkout.edit')}
              </Button>
            )}
            {payErrorCode === 'INSUFFICIENT_FUNDS' && (
              <Button component={Link} to="/track-payments/my-wallet" size="xs" variant="light">
                {t('checkout.topUp')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}

      <Group justify="space-between">
        <Button
          component={Link}
          to={`${opportunityPath(id)}?step=brief`}
          variant="default"
          leftSection={<BackIcon />}
        >
          {t('common.back')}
        </Button>
        <Button
          size="md"
          onClick={pay}
          loading={busy}
          disabled={!isCurrentQuote || chosen === null}
        >
          {isCurrentQuote && data
            ? t('checkout.payTotal', { total: money(data.fee.total) })
            : t('checkout.pay')}
        </Button>
      </Group>
    </Stack>
  );
}

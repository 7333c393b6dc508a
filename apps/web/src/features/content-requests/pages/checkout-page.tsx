import type { ContentRequestQuote, PaymentMethod } from '@clipmarket/contracts/content-requests';
import {
  Alert,
  Avatar,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, Redirect, useLocation, useParams, useSearchParams } from 'wouter';
import { CheckoutSummary } from '../../../components/checkout/checkout-summary';
import { LicencePriceText } from '../../../components/licence-terms/licence-terms-fieldset';
import { Money } from '../../../components/checkout/money';
import { PromoCodeField } from '../../../components/checkout/promo-code-field';
import { IconAlertTriangle, IconInfoCircle } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { REDIRECT_PATH_KEY } from '../../../lib/checkout-redirect';
import { initialsOf } from '../../../lib/creator-name';
import { formatMoney } from '../../../lib/format';
import { intlLocale } from '../../../lib/i18n';
import { goToPaymentPage, usePaymentAttempt } from '../../../lib/payment-page';
import { toasts } from '../../../lib/toasts';
import { useCheckoutContentRequest, useContentRequestQuote } from '../api/checkout';
import { useContentRequest } from '../api/content-requests';
import { BackIcon } from '../../../components/back-icon';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { RequestStepper } from '../components/request-stepper';
import {
  fieldPath,
  refusedFieldsOf,
  RequestFieldProblems,
} from '../components/request-field-problems';
import { LegalInfoMissing } from '../../../components/checkout/legal-info-missing';
import { useCheckoutPromo } from '../../../lib/checkout-promo';
import { useMissingLegalInfo } from '../../../components/checkout/legal-info-gate';
import { REQUESTS_PATH } from '../paths';

/** Refusals that send the advertiser back to the request to complete it. */
const requestIncompleteCodes: readonly string[] = [
  'CONTENT_REQUEST_INCOMPLETE',
  'NO_CREATOR',
  'CREATORS_LIMIT',
  'SCRIPT_TOO_LONG',
];

/**
 * Step 4 of a content request (spec §2 `/request-content/{id}/payment`): the platform fee as the
 * server priced it (VAT, stamp, promotion), the chosen creators' content fees (paid when their
 * video is approved), and how to pay: from the wallet (the request is sent at once, the content
 * fees reserved when the wallet covers them) or by card on the gateway's page.
 */
export default function CheckoutPage() {
  const { t } = useTranslation('content-requests');
  const { content_request_id: idParam } = useParams();
  const id = Number(idParam);
  const request = useContentRequest(id);

  if (!Number.isInteger(id) || id <= 0 || request.isError) {
    return (
      <Stack gap="md">
        <RequestStepper current="checkout" />
        <LoadErrorAlert
          error={request.error}
          message={t('common.loadError')}
          onRetry={() => void request.refetch()}
        />
      </Stack>
    );
  }
  if (request.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  // Paid already (this tab just paid it, or another one did): its own page tells its lines.
  if (request.data.status === 'sent') {
    return <Redirect to={`${REQUESTS_PATH}/${id}`} replace />;
  }
  return <Checkout id={id} title={request.data.title} />;
}

function Checkout({ id, title }: { id: number; title: string }) {
  const { t, i18n } = useTranslation('content-requests');
  const errorMessage = useApiErrorMessage();
  const [, navigate] = useLocation();
  const [, setSearchParams] = useSearchParams();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const feesHeadingId = useId();
  const walletHintId = useId();

  const [promo, setPromo] = useCheckoutPromo(id);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [payError, setPayError] = useState<unknown>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const quote = useContentRequestQuote(id, promo?.code ?? null);
  const checkout = useCheckoutContentRequest();

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

  const data: ContentRequestQuote | undefined = quote.data;
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
          toasts.show({ color: 'green', message: t('messages.sent') });
          navigate(`${REQUESTS_PATH}/${id}`);
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : 'INTERNAL';
          attempt.failed(code);
          if (code === 'LEGAL_INFO_REQUIRED') {
            setPayError(failure);
            // After the legal info the settings come back to `<path>/payment` (spec §2).
            sessionStorage.setItem(REDIRECT_PATH_KEY, `${REQUESTS_PATH}/${id}`);
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
      <RequestStepper current="checkout" />
      <div>
        <Title order={1} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {t('checkout.title')}
        </Title>
        <Text c="dimmed">{t('checkout.request', { title: title || t('common.untitled') })}</Text>
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
        purchaseKind="content_request"
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
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby={feesHeadingId}>
            <Stack gap="xs">
              <Title order={2} size="h4" id={feesHeadingId}>
                {t('checkout.contentFees')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('checkout.contentFeesHint')}
              </Text>
              <Table aria-labelledby={feesHeadingId} verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" ta="start">
                      {t('checkout.creator')}
                    </Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('checkout.price')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.content_fees.map((creator) => (
                    <Table.Tr key={creator.influencer_id}>
                      <Table.Th scope="row" fw={400} ta="start">
                        <Group gap="xs" wrap="nowrap">
                          <Avatar
                            src={creator.profile_picture_url}
                            alt=""
                            size={28}
                            radius="xl"
                            aria-hidden
                          >
                            {initialsOf(creator.influencer_name)}
                          </Avatar>
                          {creator.influencer_name}
                        </Group>
                      </Table.Th>
                      <Table.Td ta="end">
                        {creator.price !== null ? <Money millimes={creator.price} /> : '—'}
                        {creator.licence_price && creator.licence_price.add_on_price > 0 && (
                          // Issue 27 §1: the video and the usage rights' add-ons it includes.
                          <div>
                            <LicencePriceText
                              basePrice={creator.licence_price.base_price}
                              addOnPrice={creator.licence_price.add_on_price}
                            />
                          </div>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  <Table.Tr>
                    <Table.Th scope="row" ta="start">
                      {t('checkout.contentFeesTotal')}
                    </Table.Th>
                    <Table.Td ta="end" fw={700}>
                      <Money millimes={data.content_fees_total} />
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Stack>
          </Paper>

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
          {chosen === 'wallet' && (
            <Alert
              color={data.wallet_covers_content_fees ? 'teal' : 'gray'}
              icon={<IconInfoCircle size={20} aria-hidden />}
              id={walletHintId}
            >
              {data.wallet_covers_content_fees
                ? t('checkout.fundsSecured')
                : t('checkout.fundsNotSecured')}
            </Alert>
          )}
        </>
      ) : quote.isPending ? (
        <Skeleton height={320} radius="md" />
      ) : null}

      {payError !== null && (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            {refusedFields.length > 0 ? (
              <RequestFieldProblems id={id} fields={refusedFields} />
            ) : missingLegalInfo?.length ? (
              <LegalInfoMissing
                fields={missingLegalInfo}
                fallback={<Text size="sm">{errorMessage(payError)}</Text>}
              />
            ) : (
              <Text size="sm">{errorMessage(payError)}</Text>
            )}
            {payErrorCode !== null && requestIncompleteCodes.includes(payErrorCode) && (
              <Button
                component={Link}
                to={fieldPath(id, refusedFields[0]?.field)}
                size="xs"
                variant="light"
              >
                {t('checkout.editRequest')}
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
          to={`${REQUESTS_PATH}/${id}?step=script`}
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
          aria-describedby={chosen === 'wallet' ? walletHintId : undefined}
        >
          {isCurrentQuote && data
            ? t('checkout.payTotal', { total: money(data.fee.total) })
            : t('checkout.pay')}
        </Button>
      </Group>
    </Stack>
  );
}

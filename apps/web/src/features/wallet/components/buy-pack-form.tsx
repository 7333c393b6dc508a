import { walletPackQuickPicks } from '@clipmarket/contracts/wallet';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { IconAlertTriangle } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatMoney, formatNumber } from '../../../lib/format';
import { intlLocale } from '../../../lib/i18n';
import type { VerifiedPromoCode } from '../../../lib/promo-codes';
import { CheckoutSummary } from '../../../components/checkout/checkout-summary';
import { useMissingLegalInfo } from '../../../components/checkout/legal-info-gate';
import { LegalInfoMissing } from '../../../components/checkout/legal-info-missing';
import { PromoCodeField } from '../../../components/checkout/promo-code-field';
import { goToPaymentPage, usePaymentAttempt } from '../../../lib/payment-page';
import { useCreateWalletPurchase } from '../api/create-wallet-purchase';
import type { Wallet } from '../api/get-wallet';
import { type WalletPurchaseInput, useWalletQuote } from '../api/quote-wallet-purchase';

/** How long the amount rests before it is priced again (typing 1, 15, 150 prices once). */
export const QUOTE_DEBOUNCE_MS = 400;

export interface PackDraft {
  /** Millimes. */
  amount: number | null;
  promo: VerifiedPromoCode | null;
}

export interface BuyPackFormProps {
  limits: Wallet['pack_limits'];
  initial?: PackDraft;
  /** The server wants the legal info first (409 LEGAL_INFO_REQUIRED). */
  onLegalInfoRequired: (draft: PackDraft) => void;
  /** The settings were saved with the legal info complete: the form can be paid again. */
  onLegalInfoComplete?: () => void;
}

const toDinars = (millimes: number) => millimes / 1000;

/** The language's own separators (`1,505.5` in English, `1 505,5` in French), as in amounts shown. */
function separatorsOf(language: string) {
  const parts = new Intl.NumberFormat(intlLocale(language), {
    numberingSystem: 'latn',
  }).formatToParts(1234.5);
  return {
    thousand: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/**
 * Buying a wallet pack (issue 9 §5): any whole amount within the pack limits (quick picks for
 * the usual ones), a promo code, the server's price, then "Pay": the purchase is recorded with
 * an `Idempotency-Key` and the browser goes to the gateway's checkout page.
 */
export function BuyPackForm({
  limits,
  initial,
  onLegalInfoRequired,
  onLegalInfoComplete,
}: BuyPackFormProps) {
  const { t, i18n } = useTranslation('wallet');
  const language = i18n.language;
  const errorMessage = useApiErrorMessage();
  const headingId = useId();
  const amountRef = useRef<HTMLInputElement>(null);

  const [dinars, setDinars] = useState<number | ''>(
    initial?.amount ? toDinars(initial.amount) : '',
  );
  const [promo, setPromo] = useState<VerifiedPromoCode | null>(initial?.promo ?? null);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [amountTouched, setAmountTouched] = useState(Boolean(initial?.amount));
  const [payError, setPayError] = useState<unknown>(null);
  const [isLeaving, setIsLeaving] = useState(false);

  const min = toDinars(limits.min);
  const max = toDinars(limits.max);
  const isValidAmount = (value: number | '') =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
  const [debouncedDinars] = useDebouncedValue(dinars, QUOTE_DEBOUNCE_MS);
  const input: WalletPurchaseInput | null = isValidAmount(debouncedDinars)
    ? { amount: (debouncedDinars as number) * 1000, promoCode: promo?.code ?? null }
    : null;
  const quote = useWalletQuote(input);
  const isCurrentQuote =
    quote.data !== undefined && !quote.isPlaceholderData && debouncedDinars === dinars;

  // A code the server no longer accepts (expired since it was verified, used up): say so.
  const quoteError = quote.error;
  useEffect(() => {
    if (quoteError instanceof ApiError && quoteError.code === 'PROMO_CODE_INVALID') {
      setPromo(null);
      setPromoError(errorMessage(quoteError));
    }
  }, [quoteError, errorMessage]);

  useEffect(() => {
    amountRef.current?.focus();
  }, []);

  const attempt = usePaymentAttempt();
  const create = useCreateWalletPurchase();

  // A pack is whole dinars: a decimal amount is refused as such, never read without its point.
  const amountError = !amountTouched
    ? null
    : typeof dinars === 'number' && !Number.isInteger(dinars)
      ? t('buy.amountWhole')
      : !isValidAmount(dinars)
        ? t('buy.amountRange', {
            min: formatNumber(min, language),
            max: formatNumber(max, language),
          })
        : null;
  const separators = separatorsOf(language);

  const pay = (event: FormEvent) => {
    event.preventDefault();
    setAmountTouched(true);
    setPayError(null);
    if (!isValidAmount(dinars)) {
      amountRef.current?.focus();
      return;
    }
    const body: WalletPurchaseInput = {
      amount: (dinars as number) * 1000,
      promoCode: promo?.code ?? null,
    };
    const idempotencyKey = attempt.begin(body);
    if (!idempotencyKey) return;
    create.mutate(
      { ...body, idempotencyKey },
      {
        onSettled: () => attempt.end(),
        onSuccess: (created) => {
          setIsLeaving(true);
          goToPaymentPage(created.pay_url);
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : 'INTERNAL';
          attempt.failed(code);
          if (code === 'LEGAL_INFO_REQUIRED') {
            setPayError(failure);
            onLegalInfoRequired({ amount: body.amount, promo });
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

  // One message naming every field the settings still need; saved settings clear it by
  // themselves (the user is read again), as on a content request's checkout.
  const missingLegalInfo = useMissingLegalInfo(
    payError,
    useCallback(() => {
      setPayError(null);
      onLegalInfoComplete?.();
    }, [onLegalInfoComplete]),
  );

  const isBusy = create.isPending || isLeaving;
  const total = isCurrentQuote ? quote.data?.total : undefined;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <form onSubmit={pay} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id={headingId}>
            {t('buy.title')}
          </Title>
          <NumberInput
            ref={amountRef}
            label={t('buy.amount')}
            description={t('buy.amountHint', {
              min: formatNumber(min, language),
              max: formatNumber(max, language),
            })}
            value={dinars}
            onChange={(value) => {
              setDinars(typeof value === 'number' ? value : value === '' ? '' : Number(value));
              setPayError(null);
            }}
            // An empty field is only refused at "Pay": an error appearing on leaving it would push
            // the quick picks down under the pointer that is choosing one.
            onBlur={() => {
              if (dinars !== '') setAmountTouched(true);
            }}
            min={min}
            max={max}
            step={10}
            allowNegative={false}
            clampBehavior="none"
            thousandSeparator={separators.thousand}
            decimalSeparator={separators.decimal}
            suffix=" TND"
            error={amountError}
            required
            disabled={isBusy}
            inputMode="decimal"
          />
          <Group gap="xs" role="group" aria-label={t('buy.quickPicks')}>
            {walletPackQuickPicks
              .filter((pick) => pick >= limits.min && pick <= limits.max)
              .map((pick) => {
                const pickDinars = toDinars(pick);
                return (
                  <Button
                    key={pick}
                    type="button"
                    size="compact-md"
                    variant={dinars === pickDinars ? 'filled' : 'default'}
                    aria-pressed={dinars === pickDinars}
                    onClick={() => {
                      setDinars(pickDinars);
                      setAmountTouched(true);
                      setPayError(null);
                    }}
                    disabled={isBusy}
                  >
                    {`${formatNumber(pickDinars, language)} TND`}
                  </Button>
                );
              })}
          </Group>
          <PromoCodeField
            purchaseKind="wallet_pack"
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
            disabled={isBusy}
          />
          {quote.data ? (
            <CheckoutSummary
              quote={quote.data}
              isUpdating={!isCurrentQuote && isValidAmount(dinars)}
            />
          ) : input && quote.isPending ? (
            <Skeleton height={180} radius="md" />
          ) : null}
          {quote.isError &&
            !(quote.error instanceof ApiError && quote.error.code === 'PROMO_CODE_INVALID') && (
              <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
                {`${t('buy.quoteError')} ${errorMessage(quote.error)}`}
              </Alert>
            )}
          {payError !== null && (
            <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
              {missingLegalInfo?.length ? (
                <LegalInfoMissing
                  fields={missingLegalInfo}
                  fallback={<Text size="sm">{errorMessage(payError)}</Text>}
                />
              ) : (
                errorMessage(payError)
              )}
            </Alert>
          )}
          <Group justify="space-between" align="center">
            <Text size="sm" c="dimmed">
              {t('buy.payHint')}
            </Text>
            <Button
              type="submit"
              size="md"
              loading={isBusy}
              disabled={isValidAmount(dinars) && !isCurrentQuote}
            >
              {total !== undefined
                ? t('buy.payTotal', { total: formatMoney(total, language) })
                : t('buy.pay')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

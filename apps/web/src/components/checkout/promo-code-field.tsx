import type { PromoPurchaseKind } from '@clipmarket/contracts/promo-codes';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { IconCircleCheck, IconRosetteDiscountCheck } from '../icons';
import { useApiErrorMessage } from '../../lib/api-error-message';
import { formatPercent } from '../../lib/format';
import { type VerifiedPromoCode, useVerifyPromoCode } from '../../lib/promo-codes';

export interface PromoCodeFieldProps {
  purchaseKind: PromoPurchaseKind;
  /**
   * The purchase the code is for, when it exists already (a content request): a code its own
   * payment left open at the gateway holds stays valid for it (back from the gateway's page).
   */
  purchaseId?: number;
  /** The code the checkout applies now (upper-case), or null. */
  applied: VerifiedPromoCode | null;
  onApply: (code: VerifiedPromoCode) => void;
  onRemove: () => void;
  /** Set by the checkout when the server refused the applied code later (its quote). */
  error?: string | null;
  disabled?: boolean;
}

/**
 * The checkout's promo code (spec §5, §8): typed, then checked with "Verify Your Promo code".
 * A valid code is applied (the server's quote then takes it off); an invalid one gets "Promo
 * code is no longer valid!". An empty field is answered with the prompt itself.
 */
export function PromoCodeField({
  purchaseKind,
  purchaseId,
  applied,
  onApply,
  onRemove,
  error: externalError = null,
  disabled = false,
}: PromoCodeFieldProps) {
  const { t, i18n } = useTranslation('checkout');
  const errorMessage = useApiErrorMessage();
  const verify = useVerifyPromoCode();
  const [code, setCode] = useState(applied?.code ?? '');
  const [error, setError] = useState<string | null>(null);
  const statusId = useId();

  const submit = () => {
    const typed = code.trim();
    setError(null);
    if (!typed) {
      setError(t('promo.verify'));
      return;
    }
    verify.mutate(
      { code: typed, purchaseKind, purchaseId },
      {
        onSuccess: (verified) => {
          setCode(verified.code);
          onApply(verified);
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  const shownError = error ?? externalError;

  return (
    <Stack gap={6}>
      <TextInput
        label={t('promo.label')}
        value={code}
        onChange={(event) => {
          setCode(event.currentTarget.value);
          setError(null);
          if (applied) onRemove();
        }}
        onKeyDown={(event) => {
          // Enter checks the code instead of submitting the surrounding form (paying).
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
          }
        }}
        error={shownError}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={100}
        disabled={disabled}
        aria-describedby={applied ? statusId : undefined}
        // The button sits beside the field, between its label and its error.
        inputContainer={(input) => (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1 }}>{input}</div>
            <Button
              variant="light"
              onClick={submit}
              loading={verify.isPending}
              disabled={disabled}
              leftSection={<IconRosetteDiscountCheck size={16} aria-hidden />}
            >
              {t('promo.verify')}
            </Button>
          </Group>
        )}
      />
      <div role="status" id={statusId}>
        {applied && !shownError && (
          <Group gap={6} wrap="nowrap">
            <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-teal-6)" />
            <Text size="sm" c="teal">
              {t('promo.applied', {
                code: applied.code,
                percent: formatPercent(applied.percent_basis_points / 100, i18n.language),
              })}
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => {
                setCode('');
                onRemove();
              }}
              disabled={disabled}
            >
              {t('promo.remove')}
            </Button>
          </Group>
        )}
      </div>
    </Stack>
  );
}

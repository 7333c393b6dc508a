import { NumberInput } from '@mantine/core';
import { forwardRef } from 'react';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

/** An amount inside a sentence, kept in reading order in right-to-left text. */
export const isolated = (text: string) => `\u2066${text}\u2069`;

/** The creator's price in whole dinars, with the opportunity's band as its hint. */
export const PriceField = forwardRef<
  HTMLInputElement,
  {
    id: string;
    value: number | string;
    onChange: (value: number | string) => void;
    band: { min: number; max: number };
    error?: string | null;
    disabled?: boolean;
  }
>(function PriceField({ id, value, onChange, band, error, disabled }, ref) {
  const { t, i18n } = useTranslation('discover-opportunities');
  const money = (millimes: number) => isolated(formatMoney(millimes, i18n.language));
  return (
    <NumberInput
      ref={ref}
      id={id}
      label={t('apply.price')}
      description={t('apply.priceHint', { min: money(band.min), max: money(band.max) })}
      required
      min={band.min / 1000}
      max={band.max / 1000}
      step={1}
      allowNegative={false}
      clampBehavior="none"
      value={value}
      onChange={onChange}
      error={error ?? undefined}
      disabled={disabled}
      rightSection={<span aria-hidden>TND</span>}
      rightSectionWidth={48}
      w={{ base: '100%', sm: 260 }}
    />
  );
});

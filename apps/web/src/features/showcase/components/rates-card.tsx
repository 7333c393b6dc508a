import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Money } from '../../../components/checkout/money';
import { IconCheck } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatMoney } from '../../../lib/format';
import {
  type RateCardEntry,
  type RateCardPrices,
  type VideoLength,
  useOwnRateCard,
  useUpdateOwnRateCard,
  videoLengths,
} from '../api/creator-prices';

/** The contract's bounds (creator-prices.ts), in dinars: a price is whole dinars. */
const MIN_DINARS = 1;
const MAX_DINARS = 100_000;

/** Dinars as typed per length; '' is "the suggested price". */
type Values = Record<VideoLength, string>;
type Errors = Partial<Record<VideoLength, string>>;

const formatDinars = (dinars: number) => dinars.toFixed(3);
/** A typed price in dinars; NaN for anything but digits with an optional sign and decimals. */
const dinarsOf = (typed: string) => (/^-?\d+(?:\.\d+)?$/.test(typed) ? Number(typed) : Number.NaN);

const valuesOf = (card: readonly RateCardEntry[]): Values =>
  Object.fromEntries(
    videoLengths.map((length) => {
      const entry = card.find((e) => e.video_duration === length);
      return [length, entry?.is_custom ? formatDinars(entry.price / 1000) : ''];
    }),
  ) as Values;

/**
 * The creator's rate card in their showcase (issue 10 §1): a price per video length in whole
 * dinars, shown with 3 decimals like every amount; an empty price is the suggested price of
 * the creator's size band, which each length shows and can go back to.
 */
export function RatesCard() {
  const { t } = useTranslation('pages');
  const titleId = useId();
  const card = useOwnRateCard();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('showcase.rates.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('showcase.rates.intro')}
        </Text>
        {card.isPending ? (
          <Loader size="sm" aria-label={t('showcase.rates.loading')} />
        ) : card.isError ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              {t('showcase.rates.loadError')}
              <Button size="xs" variant="light" onClick={() => void card.refetch()}>
                {t('showcase.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <RatesForm card={card.data} />
        )}
      </Stack>
    </Card>
  );
}

function RatesForm({ card }: { card: RateCardEntry[] }) {
  const { t, i18n } = useTranslation(['pages', 'common']);
  const errorMessage = useApiErrorMessage();
  const update = useUpdateOwnRateCard();
  const [values, setValues] = useState<Values>(() => valuesOf(card));
  const [errors, setErrors] = useState<Errors>({});
  const [isSaved, setSaved] = useState(false);

  const change = (length: VideoLength, value: string) => {
    setValues((previous) => ({ ...previous, [length]: value }));
    setErrors((previous) => ({ ...previous, [length]: undefined }));
    setSaved(false);
  };

  const money = (dinars: number) => formatMoney(dinars * 1000, i18n.language);
  /** What advertisers would pay for a length: the typed price, else the suggested one. */
  const priceOf = (length: VideoLength) => {
    const entry = card.find((e) => e.video_duration === length);
    return values[length] === '' ? (entry?.suggested_price ?? 0) : dinarsOf(values[length]) * 1000;
  };

  const validate = (): RateCardPrices | null => {
    const found: Errors = {};
    for (const length of videoLengths) {
      if (values[length] === '') continue;
      const value = dinarsOf(values[length]);
      if (!Number.isInteger(value)) found[length] = t('showcase.rates.errors.wholeDinars');
      else if (value < MIN_DINARS)
        found[length] = t('showcase.rates.errors.min', { min: money(MIN_DINARS) });
      else if (value > MAX_DINARS)
        found[length] = t('showcase.rates.errors.max', { max: money(MAX_DINARS) });
    }
    // A longer video never costs less than a shorter one (the server refuses it too).
    if (Object.keys(found).length === 0) {
      videoLengths.slice(0, -1).forEach((length, index) => {
        const longer = videoLengths[index + 1]!;
        if (priceOf(length) > priceOf(longer))
          found[length] = t('showcase.rates.errors.order', {
            length,
            longer,
            price: formatMoney(priceOf(longer), i18n.language),
          });
      });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return null;
    return Object.fromEntries(
      videoLengths.map((length) => {
        const value = values[length];
        return [String(length), value === '' ? null : dinarsOf(value) * 1000];
      }),
    ) as RateCardPrices;
  };

  const submit = () => {
    setSaved(false);
    const prices = validate();
    if (!prices) return;
    update.mutate(prices, {
      onSuccess: (saved) => {
        setValues(valuesOf(saved));
        setSaved(true);
      },
      // A rule this page does not know: the server's reason on its length.
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const found: Errors = {};
        for (const field of error.fields) {
          const length = Number(field.field.replace(/^prices\./, '')) as VideoLength;
          if (videoLengths.includes(length)) found[length] = field.message;
        }
        setErrors(found);
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {videoLengths.map((length) => {
          const entry = card.find((e) => e.video_duration === length);
          if (!entry) return null;
          const isCustom = values[length] !== '';
          return (
            <Group key={length} align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                style={{ flex: '1 1 14rem' }}
                label={t('showcase.rates.lengthLabel', { seconds: length })}
                description={
                  <>
                    {t('showcase.rates.suggested')} <Money millimes={entry.suggested_price} />
                  </>
                }
                placeholder={formatDinars(entry.suggested_price / 1000)}
                value={values[length]}
                onChange={(event) => change(length, event.currentTarget.value.trim())}
                // Shown with 3 decimals like every amount, once typed (errors stay).
                onBlur={() => {
                  const value = dinarsOf(values[length]);
                  if (Number.isNaN(value)) return;
                  setValues((previous) => ({ ...previous, [length]: formatDinars(value) }));
                }}
                error={errors[length]}
                inputMode="decimal"
                autoComplete="off"
                rightSection={
                  <Text size="xs" c="dimmed" aria-hidden>
                    TND
                  </Text>
                }
                rightSectionWidth={44}
              />
              <Badge
                variant={isCustom ? 'filled' : 'light'}
                color={isCustom ? 'violet' : 'gray'}
                mb={6}
              >
                {isCustom ? t('showcase.rates.custom') : t('showcase.rates.usesSuggested')}
              </Badge>
              <Button
                variant="subtle"
                size="compact-sm"
                mb={4}
                disabled={!isCustom}
                onClick={() => change(length, '')}
                aria-label={t('showcase.rates.resetLength', { seconds: length })}
              >
                {t('showcase.rates.reset')}
              </Button>
            </Group>
          );
        })}
        {isSaved && (
          <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} role="status">
            {t('showcase.rates.saved')}
          </Alert>
        )}
        {update.isError && (
          <Alert color="red" role="alert">
            {errorMessage(update.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

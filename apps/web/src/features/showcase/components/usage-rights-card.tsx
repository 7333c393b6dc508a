import {
  licenceAddOns,
  LICENCE_RATE_MAX_BASIS_POINTS,
  type LicenceAddOn,
} from '@clipmarket/contracts/licences';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { IconCheck } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatMoney } from '../../../lib/format';
import {
  surchargeText,
  useOwnLicenceRates,
  useSaveLicenceRates,
  type LicenceRateEntry,
} from '../../../lib/licence-terms';
import { useOwnRateCard } from '../../../lib/own-rate-card';
import { useTranslation } from '../../../lib/use-translation';

/** Percent as typed per add-on; '' is "the suggested rate". */
type Values = Record<LicenceAddOn, string>;
type Errors = Partial<Record<LicenceAddOn, string>>;

const valuesOf = (rates: readonly LicenceRateEntry[]): Values =>
  Object.fromEntries(
    licenceAddOns.map((addOn) => {
      const entry = rates.find((e) => e.add_on === addOn);
      return [addOn, entry?.is_custom ? String(entry.basis_points / 100) : ''];
    }),
  ) as Values;

/** A typed whole percentage in basis points; NaN for anything else. */
const basisPointsOf = (typed: string) =>
  /^\d+$/.test(typed.trim()) ? Number(typed.trim()) * 100 : Number.NaN;

/**
 * "Usage rights" in the creator's showcase (issue 27 §1): each licence add-on with its
 * suggested rate and the creator's own (a whole percentage of their price; empty = suggested),
 * and what it adds to their 30 s price.
 */
export function UsageRightsCard() {
  const { t } = useTranslation('common');
  const titleId = useId();
  const rates = useOwnLicenceRates();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('licence.rates.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('licence.rates.intro')}
        </Text>
        {rates.isPending ? (
          <Loader size="sm" aria-label={t('licence.rates.loading')} />
        ) : rates.isError ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              {t('licence.rates.loadError')}
              <Button size="xs" variant="light" onClick={() => void rates.refetch()}>
                {t('licence.rates.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <UsageRightsForm rates={rates.data} />
        )}
      </Stack>
    </Card>
  );
}

function UsageRightsForm({ rates }: { rates: LicenceRateEntry[] }) {
  const { t, i18n } = useTranslation('common');
  const errorMessage = useApiErrorMessage();
  const save = useSaveLicenceRates();
  const card = useOwnRateCard();
  const [values, setValues] = useState<Values>(() => valuesOf(rates));
  const [errors, setErrors] = useState<Errors>({});
  const [isSaved, setSaved] = useState(false);
  const thirtySeconds = card.data?.find((entry) => entry.video_duration === 30)?.price ?? null;

  const rateOf = (addOn: LicenceAddOn) => {
    const entry = rates.find((e) => e.add_on === addOn);
    return values[addOn] === ''
      ? (entry?.suggested_basis_points ?? 0)
      : basisPointsOf(values[addOn]);
  };

  const submit = () => {
    setSaved(false);
    const found: Errors = {};
    for (const addOn of licenceAddOns) {
      if (values[addOn] === '') continue;
      const bp = basisPointsOf(values[addOn]);
      if (!Number.isInteger(bp)) found[addOn] = t('licence.rates.errors.number');
      else if (bp > LICENCE_RATE_MAX_BASIS_POINTS) found[addOn] = t('licence.rates.errors.max');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      Object.fromEntries(
        licenceAddOns.map((addOn) => [
          addOn,
          values[addOn] === '' ? null : basisPointsOf(values[addOn]),
        ]),
      ) as Record<LicenceAddOn, number | null>,
      {
        onSuccess: (saved) => {
          setValues(valuesOf(saved));
          setSaved(true);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Table verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('licence.rates.option')}</Table.Th>
            <Table.Th scope="col">{t('licence.rates.suggested')}</Table.Th>
            <Table.Th scope="col">{t('licence.rates.yours')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {licenceAddOns.map((addOn) => {
            const entry = rates.find((e) => e.add_on === addOn);
            const rate = rateOf(addOn);
            return (
              <Table.Tr key={addOn}>
                <Table.Th scope="row" fw={400}>
                  {t(`licence.addOns.${addOn}`)}
                </Table.Th>
                <Table.Td>
                  {surchargeText(entry?.suggested_basis_points ?? 0, i18n.language)}
                </Table.Td>
                <Table.Td>
                  <TextInput
                    id={`licence-rate-${addOn}`}
                    aria-label={t('licence.rates.yourRate', {
                      option: t(`licence.addOns.${addOn}`),
                    })}
                    inputMode="numeric"
                    placeholder={String((entry?.suggested_basis_points ?? 0) / 100)}
                    rightSection="%"
                    value={values[addOn]}
                    onChange={(event) => {
                      const typed = event.currentTarget.value;
                      setValues((previous) => ({ ...previous, [addOn]: typed }));
                      setErrors((previous) => ({ ...previous, [addOn]: undefined }));
                      setSaved(false);
                    }}
                    error={errors[addOn]}
                    description={
                      thirtySeconds !== null && Number.isInteger(rate)
                        ? t('licence.rates.example', {
                            price: formatMoney(thirtySeconds, i18n.language),
                            amount: formatMoney(
                              Math.floor((thirtySeconds * rate + 5_000) / 10_000),
                              i18n.language,
                            ),
                          })
                        : undefined
                    }
                    w={140}
                    disabled={save.isPending}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {save.isError && (
        <Alert color="red" role="alert">
          {errorMessage(save.error)}
        </Alert>
      )}
      {isSaved && (
        <Alert color="green" role="status" icon={<IconCheck size={18} aria-hidden />}>
          {t('licence.rates.saved')}
        </Alert>
      )}
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          {t('licence.rates.save')}
        </Button>
      </Group>
    </Stack>
  );
}

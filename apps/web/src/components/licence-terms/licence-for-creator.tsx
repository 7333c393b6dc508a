import type { OpportunityDetail } from '@clipmarket/contracts/opportunities';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { formatMoney } from '../../lib/format';
import { useLicenceWording } from '../../lib/licence-terms';
import { useTranslation } from '../../lib/use-translation';

/**
 * What an opportunity's usage rights are and what they add to the creator's price at their own
 * rates (issue 27 §1): "Usage rights: organic + paid ads, 90 days, MENA (+30.000 TND at your
 * rates)", on the band's ends when they differ. Seen before applying.
 */
export function LicenceForCreator({ licence }: { licence: OpportunityDetail['licence'] }) {
  const { t } = useTranslation('common');
  const wording = useLicenceWording();
  const titleId = useId();
  const addOnText = useLicenceAddOnText();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap={4}>
        <Title order={2} size="h4" id={titleId}>
          {t('licence.legend')}
        </Title>
        <Text size="sm">{t('licence.forCreator', { terms: wording.terms(licence.terms) })}</Text>
        <Text size="sm" c="dimmed">
          {addOnText(licence) ?? t('licence.price.none')}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * What an opportunity's usage rights add at the creator's own rates, on the band's ends:
 * "+30.000 TND at your rates" or "+20.000 TND to 36.000 TND at your rates"; null when nothing.
 */
export function useLicenceAddOnText() {
  const { t, i18n } = useTranslation('common');
  const money = (millimes: number) => formatMoney(millimes, i18n.language);
  return (licence: OpportunityDetail['licence']): string | null =>
    licence.add_on_max === 0
      ? null
      : licence.add_on_min === licence.add_on_max
        ? t('licence.atYourRates', { amount: money(licence.add_on_max) })
        : t('licence.atYourRatesRange', {
            min: money(licence.add_on_min),
            max: money(licence.add_on_max),
          });
}

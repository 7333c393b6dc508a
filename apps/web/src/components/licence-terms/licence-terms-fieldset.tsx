import {
  licenceChannels,
  licenceDurations,
  licenceExclusivityDays,
  licenceTerritories,
  type LicenceAddOn,
  type LicenceExclusivityDays,
  type LicenceTerms,
} from '@clipmarket/contracts/licences';
import { Checkbox, Fieldset, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney as formatMillimes } from '../../lib/format';
import { surchargeText, useSuggestedLicenceRates } from '../../lib/licence-terms';
import { useTranslation } from '../../lib/use-translation';

/** The add-on an option is priced as, or null when the base price includes it. */
const channelAddOn = (channel: string): LicenceAddOn | null =>
  channel === 'organic' ? null : (channel as LicenceAddOn);
const durationAddOn = (duration: string): LicenceAddOn | null =>
  duration === '30_days' ? null : (duration as LicenceAddOn);
const territoryAddOn = (territory: string): LicenceAddOn | null =>
  territory === 'tunisia' ? null : (territory as LicenceAddOn);
const exclusivityAddOn = (days: number): LicenceAddOn | null =>
  days === 0 ? null : (`exclusivity_${days}_days` as LicenceAddOn);

/**
 * "Usage rights" of a request or an opportunity (issue 27 §1): the channels (organic always
 * included: checked and disabled), one duration, territory and exclusivity, each option with
 * its suggested surcharge ("+30 %"); each creator's own rates price the quote.
 */
export function LicenceTermsFieldset({
  value,
  onChange,
  idPrefix,
  disabled = false,
}: {
  value: LicenceTerms;
  onChange: (terms: LicenceTerms) => void;
  idPrefix: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('common');
  const suggested = useSuggestedLicenceRates();
  const labelled = (label: string, addOn: LicenceAddOn | null) => {
    if (addOn === null) return t('licence.option', { label, surcharge: t('licence.included') });
    const rate = suggested.data?.[addOn];
    return rate === undefined
      ? label
      : t('licence.option', { label, surcharge: surchargeText(rate, i18n.language) });
  };
  return (
    <Fieldset legend={t('licence.legend')} id={`${idPrefix}-licence`} variant="unstyled">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('licence.intro')}
        </Text>
        <Checkbox.Group
          id={`${idPrefix}-licence-channels`}
          label={t('licence.channelsLabel')}
          value={value.channels}
          onChange={(channels) =>
            onChange({
              ...value,
              // Organic is always included, first.
              channels: licenceChannels.filter(
                (channel) => channel === 'organic' || channels.includes(channel),
              ),
            })
          }
        >
          <Stack gap={6} mt={6}>
            {licenceChannels.map((channel) => (
              <Checkbox
                key={channel}
                value={channel}
                label={labelled(t(`licence.channels.${channel}`), channelAddOn(channel))}
                disabled={disabled || channel === 'organic'}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            id={`${idPrefix}-licence-duration`}
            label={t('licence.durationLabel')}
            data={licenceDurations.map((duration) => ({
              value: duration,
              label: labelled(t(`licence.durations.${duration}`), durationAddOn(duration)),
            }))}
            value={value.duration}
            onChange={(duration) =>
              duration && onChange({ ...value, duration: duration as LicenceTerms['duration'] })
            }
            allowDeselect={false}
            disabled={disabled}
          />
          <Select
            id={`${idPrefix}-licence-territory`}
            label={t('licence.territoryLabel')}
            data={licenceTerritories.map((territory) => ({
              value: territory,
              label: labelled(t(`licence.territories.${territory}`), territoryAddOn(territory)),
            }))}
            value={value.territory}
            onChange={(territory) =>
              territory && onChange({ ...value, territory: territory as LicenceTerms['territory'] })
            }
            allowDeselect={false}
            disabled={disabled}
          />
          <Select
            id={`${idPrefix}-licence-exclusivity`}
            label={t('licence.exclusivityLabel')}
            data={licenceExclusivityDays.map((days) => ({
              value: String(days),
              label: labelled(t(`licence.exclusivity.${days}`), exclusivityAddOn(days)),
            }))}
            value={String(value.exclusivity_days)}
            onChange={(days) =>
              days !== null &&
              onChange({ ...value, exclusivity_days: Number(days) as LicenceExclusivityDays })
            }
            allowDeselect={false}
            disabled={disabled}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/** One creator's price split: the video and the usage rights' add-ons, for summaries. */
export function LicencePriceText({
  basePrice,
  addOnPrice,
}: {
  basePrice: number;
  addOnPrice: number;
}) {
  const { t, i18n } = useTranslation('common');
  return (
    <Group gap={4} component="span">
      <Text span size="sm" c="dimmed">
        {`${t('licence.price.base')} ${formatMillimes(basePrice, i18n.language)} + ${t('licence.price.addOns')} ${formatMillimes(addOnPrice, i18n.language)}`}
      </Text>
    </Group>
  );
}

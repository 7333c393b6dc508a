import { notificationPreferences } from '@clipmarket/contracts/enums';
import {
  Button,
  Group,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from '../../../lib/use-translation';
import { closedDropdownProps } from '../../../components/combobox-props';
import type { SettingsFormValues } from '../hooks/settings-form';
import { useBusinessSectorOptions, useCountryOptions } from '../hooks/use-reference-options';
import { useCityOptions } from '../../../lib/reference-data';

interface AdvertiserProfileTabProps {
  form: UseFormReturnType<SettingsFormValues>;
  onCountryChange: (country: string | null) => void;
  onNext: () => void;
  /** Spec §5: Next is disabled while any advertiser error exists. */
  isNextDisabled: boolean;
}

export function AdvertiserProfileTab({
  form,
  onCountryChange,
  onNext,
  isNextDisabled,
}: AdvertiserProfileTabProps) {
  const { t } = useTranslation('settings');
  const values = form.getValues();
  const { countryOptions, prefixOptions } = useCountryOptions();
  const cities = useCityOptions(values.country, values.cities);
  const sectorOptions = useBusinessSectorOptions();
  const nothingFound = t('select.nothingFound');

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.brandName')}
          withAsterisk
          value={values.fullname}
          readOnly
          variant="filled"
        />
        <TextInput
          label={t('fields.email')}
          withAsterisk
          value={values.user_email}
          readOnly
          variant="filled"
          type="email"
        />
        <TextInput
          label={t('fields.firstName')}
          withAsterisk
          autoComplete="given-name"
          {...form.getInputProps('first_name')}
        />
        <TextInput
          label={t('fields.lastName')}
          withAsterisk
          autoComplete="family-name"
          {...form.getInputProps('last_name')}
        />
        <Select
          comboboxProps={closedDropdownProps}
          label={t('fields.phonePrefix')}
          dir="ltr"
          withAsterisk
          searchable
          nothingFoundMessage={nothingFound}
          data={prefixOptions}
          {...form.getInputProps('phone_prefix')}
        />
        <TextInput
          label={t('fields.phone')}
          withAsterisk
          type="tel"
          inputMode="numeric"
          dir="ltr"
          autoComplete="tel-national"
          {...form.getInputProps('phone')}
        />
        <Select<number>
          comboboxProps={closedDropdownProps}
          label={t('fields.businessSector')}
          withAsterisk
          searchable
          nothingFoundMessage={nothingFound}
          data={sectorOptions}
          {...form.getInputProps('business_sector_id')}
        />
        <Select
          comboboxProps={closedDropdownProps}
          label={t('fields.country')}
          withAsterisk
          searchable
          nothingFoundMessage={nothingFound}
          data={countryOptions}
          {...form.getInputProps('country')}
          onChange={onCountryChange}
        />
        <MultiSelect
          comboboxProps={closedDropdownProps}
          label={t('fields.cities')}
          withAsterisk
          searchable
          nothingFoundMessage={nothingFound}
          data={cities.options}
          disabled={!values.country}
          {...form.getInputProps('cities')}
        />
        <TextInput
          label={t('fields.website')}
          type="url"
          inputMode="url"
          dir="ltr"
          placeholder="https://"
          {...form.getInputProps('website_url')}
        />
      </SimpleGrid>
      <Radio.Group
        label={t('fields.notificationPreference')}
        {...form.getInputProps('notification_preference')}
      >
        <Group mt="xs">
          {notificationPreferences.map((value) => (
            <Radio key={value} value={value} label={t(`options.notificationPreference.${value}`)} />
          ))}
        </Group>
      </Radio.Group>
      <Group justify="flex-end">
        <Button onClick={onNext} disabled={isNextDisabled}>
          {t('actions.next')}
        </Button>
      </Group>
    </Stack>
  );
}

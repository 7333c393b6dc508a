import { toInstagramUsername, toTiktokUsername } from '@clipmarket/contracts/profile';
import { ageIntervals, genders } from '@clipmarket/contracts/enums';
import {
  Button,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from '../../../lib/use-translation';
import { closedDropdownProps } from '../../../components/combobox-props';
import type { SettingsFormValues } from '../hooks/settings-form';
import { useCategoryOptions, useCountryOptions } from '../hooks/use-reference-options';
import { useSpecializationOptions } from '../../../lib/content-types';
import { useCityOptions } from '../../../lib/reference-data';

interface CreatorProfileTabProps {
  form: UseFormReturnType<SettingsFormValues>;
  /** Usernames already saved on the account: those fields are read-only (spec §4). */
  savedUsernames: { instagram: boolean; tiktok: boolean };
  fallbackFullname: string;
  onCountryChange: (country: string | null) => void;
  onNext: () => void;
}

export function CreatorProfileTab({
  form,
  savedUsernames,
  fallbackFullname,
  onCountryChange,
  onNext,
}: CreatorProfileTabProps) {
  const { t } = useTranslation('settings');
  const values = form.getValues();
  const { countryOptions, prefixOptions } = useCountryOptions();
  const cities = useCityOptions(values.country, values.city ? [values.city] : []);
  const categoryOptions = useCategoryOptions();
  const specializationOptions = useSpecializationOptions(values.specializations);
  const nothingFound = t('select.nothingFound');

  // Spec §3: a creator's full name is derived from the social usernames.
  const fullname = values.ig_username || values.tiktok_username || fallbackFullname;
  const igProps = form.getInputProps('ig_username');
  const tiktokProps = form.getInputProps('tiktok_username');

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('fields.fullname')} value={fullname} readOnly variant="filled" />
        <TextInput
          label={t('fields.email')}
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
        <Select
          comboboxProps={closedDropdownProps}
          label={t('fields.gender')}
          withAsterisk
          data={genders.map((value) => ({ value, label: t(`options.gender.${value}`) }))}
          {...form.getInputProps('gender')}
        />
        <Select
          comboboxProps={closedDropdownProps}
          label={t('fields.ageRange')}
          withAsterisk
          data={ageIntervals.map((value) => ({ value, label: t(`options.age.${value}`) }))}
          {...form.getInputProps('age_intervale')}
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
        <Select
          comboboxProps={closedDropdownProps}
          label={t('fields.city')}
          withAsterisk
          searchable
          nothingFoundMessage={nothingFound}
          data={cities.options}
          disabled={!values.country}
          {...form.getInputProps('city')}
        />
        <TextInput
          label={t('fields.instagram')}
          withAsterisk
          readOnly={savedUsernames.instagram}
          variant={savedUsernames.instagram ? 'filled' : 'default'}
          description={savedUsernames.instagram ? t('hints.savedUsername') : t('hints.socialLink')}
          {...igProps}
          onChange={(event) =>
            form.setFieldValue('ig_username', toInstagramUsername(event.currentTarget.value))
          }
        />
        <TextInput
          label={t('fields.tiktok')}
          readOnly={savedUsernames.tiktok}
          variant={savedUsernames.tiktok ? 'filled' : 'default'}
          description={savedUsernames.tiktok ? t('hints.savedUsername') : t('hints.socialLink')}
          {...tiktokProps}
          onChange={(event) =>
            form.setFieldValue('tiktok_username', toTiktokUsername(event.currentTarget.value))
          }
        />
        <MultiSelect
          comboboxProps={closedDropdownProps}
          label={t('fields.categories')}
          withAsterisk
          searchable
          nothingFoundMessage={nothingFound}
          data={categoryOptions}
          {...form.getInputProps('categories')}
        />
        {/* Spec §3's content types, translated; the stored values stay the English texts. */}
        <MultiSelect
          comboboxProps={closedDropdownProps}
          label={t('fields.specializations')}
          withAsterisk
          searchable
          nothingFoundMessage={nothingFound}
          description={t('hints.specializations')}
          data={specializationOptions}
          {...form.getInputProps('specializations')}
        />
      </SimpleGrid>
      <Textarea
        label={t('fields.bio')}
        rows={6}
        resize="vertical"
        // Spec §9: the bio text area is at least 150 px high.
        styles={{ input: { minHeight: 150 } }}
        {...form.getInputProps('influencer_bio')}
      />
      {/* Required to move on (spec §4): named as the error message names it. */}
      <TextInput
        label={t('fields.domicileAddress')}
        withAsterisk
        autoComplete="street-address"
        {...form.getInputProps('domiciliation_address')}
      />
      <Group justify="flex-end">
        <Button onClick={onNext}>{t('actions.next')}</Button>
      </Group>
    </Stack>
  );
}

import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from '../../../lib/use-translation';
import { closedDropdownProps } from '../../../components/combobox-props';
import type { SettingsFormValues } from '../hooks/settings-form';
import { useCountryOptions } from '../hooks/use-reference-options';

interface LegalInfosTabProps {
  form: UseFormReturnType<SettingsFormValues>;
  onSave: () => void;
  isSaving: boolean;
}

export function LegalInfosTab({ form, onSave, isSaving }: LegalInfosTabProps) {
  const { t } = useTranslation('settings');
  const { prefixOptions } = useCountryOptions();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.companyName')}
          withAsterisk
          autoComplete="organization"
          {...form.getInputProps('campany_name')}
        />
        <TextInput
          label={t('fields.taxNumber')}
          withAsterisk
          {...form.getInputProps('tax_registration_number')}
        />
      </SimpleGrid>
      <TextInput
        label={t('fields.domicileAddress')}
        withAsterisk
        autoComplete="street-address"
        {...form.getInputProps('domiciliation_address')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          comboboxProps={closedDropdownProps}
          label={t('fields.companyPhonePrefix')}
          dir="ltr"
          withAsterisk
          searchable
          nothingFoundMessage={t('select.nothingFound')}
          data={prefixOptions}
          {...form.getInputProps('phone_campany_prefix')}
        />
        <TextInput
          label={t('fields.companyPhone')}
          withAsterisk
          type="tel"
          inputMode="numeric"
          dir="ltr"
          {...form.getInputProps('phone_campany')}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button onClick={onSave} loading={isSaving}>
          {t('actions.updateProfile')}
        </Button>
      </Group>
    </Stack>
  );
}

import type { Efile, Me } from '@clipmarket/contracts/users';
import { Alert, Button, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useApiErrorReason } from '../../../lib/api-error-message';
import { useUpdateMe } from '../api/update-me';
import { orderTabs, type AccountSettingsTab } from '../hooks/settings-form';
import { messageDelays, useFlashMessage } from '../hooks/use-flash-message';
import {
  collectErrors,
  useProfileSchemas,
  useRetranslateErrors,
} from '../hooks/use-profile-schemas';
import { oneRowTabs } from './tab-styles';
import { PasswordTab } from './password-tab';
import { ProfilePictureUpload } from './profile-picture-upload';

interface AdminSettingsProps {
  me: Me;
  initialTab?: AccountSettingsTab;
  /** Tells the modal whether closing now would lose edits (it asks first). */
  onDirtyChange: (isDirty: boolean) => void;
}

/**
 * An admin's settings (issue 8 point 4): name, picture and password — none of the creator or
 * advertiser fields, which an admin does not have.
 */
export function AdminSettings({ me, initialTab, onDirtyChange }: AdminSettingsProps) {
  const { t, i18n } = useTranslation('settings');
  const schemas = useProfileSchemas();
  const flash = useFlashMessage();
  const updateMe = useUpdateMe();
  const errorReason = useApiErrorReason();
  const tabs = orderTabs(i18n.language, me.role);
  const [tab, setTab] = useState<AccountSettingsTab>(
    initialTab && tabs.includes(initialTab) ? initialTab : 'profile',
  );
  const [picture, setPicture] = useState<Efile | null>(me.efile);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      fullname: me.fullname === me.user_email.email ? '' : me.fullname,
      profile_efile_id: me.profile_efile_id,
    },
    validate: (values) => collectErrors([schemas.adminProfile], values),
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  useRetranslateErrors(form);
  const isDirty = form.isDirty();
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const save = form.onSubmit((values) => {
    flash.clear();
    updateMe.mutate(
      { fullname: values.fullname, profile_efile_id: values.profile_efile_id },
      {
        onSuccess: (updated) => {
          form.setInitialValues({
            fullname: updated.fullname,
            profile_efile_id: updated.profile_efile_id,
          });
          notifications.show({ color: 'green', message: t('messages.profileUpdated') });
        },
        onError: (error) =>
          flash.show(
            { color: 'red', text: errorReason(error) ?? t('messages.somethingWrong') },
            messageDelays.profileError,
          ),
      },
    );
  });

  return (
    <Stack gap="lg">
      <Group align="center" gap="lg" wrap="nowrap">
        <ProfilePictureUpload
          efile={picture}
          onUploaded={(efile) => {
            setPicture(efile);
            form.setFieldValue('profile_efile_id', efile.file_id);
          }}
          canUpload
        />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>
            {me.fullname}
          </Title>
          <Text c="dimmed" size="sm">
            {t('welcome')}
          </Text>
        </Stack>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => {
          flash.clear();
          if (value) setTab(value as AccountSettingsTab);
        }}
        keepMounted={false}
        styles={oneRowTabs}
      >
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {flash.message ? (
          <Alert color={flash.message.color} variant="light" mt="md">
            {flash.message.text}
          </Alert>
        ) : null}
        <Tabs.Panel value="profile" pt="md">
          <form onSubmit={save} noValidate>
            <Stack gap="md" maw={420}>
              <TextInput
                label={t('fields.fullname')}
                withAsterisk
                autoComplete="name"
                {...form.getInputProps('fullname')}
              />
              <TextInput
                label={t('fields.email')}
                value={me.user_email.email}
                readOnly
                variant="filled"
                type="email"
              />
              <Group justify="flex-end">
                <Button type="submit" loading={updateMe.isPending}>
                  {t('actions.updateProfile')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Tabs.Panel>
        <Tabs.Panel value="password" pt="md">
          <PasswordTab showMessage={flash.show} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

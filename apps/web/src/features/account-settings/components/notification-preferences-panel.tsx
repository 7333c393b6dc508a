import type { Me } from '@clipmarket/contracts/users';
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ApiError } from '../../../lib/api-client';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

/** Lets the success toast be read before the page reloads (spec §8: "then page reload"). */
const RELOAD_DELAY_MS = 1500;

interface NotificationPreferencesPanelProps {
  me: Me;
  reload?: () => void;
}

export function NotificationPreferencesPanel({
  me,
  reload = () => window.location.reload(),
}: NotificationPreferencesPanelProps) {
  const { t } = useTranslation('settings');
  const profile = me.advertiser ?? me.influencer;
  const [allowNotifications, setAllowNotifications] = useState(
    profile?.allow_notifications !== 'N',
  );
  const [allowEmails, setAllowEmails] = useState(profile?.allow_emails !== 'N');
  const update = useUpdateNotificationPreferences();

  const save = () => {
    update.mutate(
      {
        allow_notifications: allowNotifications ? 'Y' : 'N',
        allow_emails: allowEmails ? 'Y' : 'N',
        ...(me.advertiser
          ? { advertiser_id: me.advertiser.advertiser_id }
          : me.influencer
            ? { influencer_id: me.influencer.influencer_id }
            : {}),
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('messages.preferencesChanged') });
          setTimeout(reload, RELOAD_DELAY_MS);
        },
        // A short-lived message (spec §8 "100 ms"), so a toast carries it rather than the panel.
        onError: (error) =>
          notifications.show({
            color: 'red',
            message:
              error instanceof ApiError && error.message
                ? error.message
                : t('messages.somethingWrongSpaced'),
          }),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('notifications.intro')}
      </Text>
      <Switch
        label={t('fields.allowNotifications')}
        checked={allowNotifications}
        onChange={(event) => setAllowNotifications(event.currentTarget.checked)}
      />
      <Switch
        label={t('fields.allowEmails')}
        checked={allowEmails}
        onChange={(event) => setAllowEmails(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={save} loading={update.isPending}>
          {t('actions.savePreferences')}
        </Button>
      </Group>
    </Stack>
  );
}

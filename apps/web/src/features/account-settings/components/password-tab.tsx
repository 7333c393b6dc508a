import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../../../lib/use-translation';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorReason } from '../../../lib/api-error-message';
import { useChangePassword } from '../api/change-password';
import { messageDelays, type FlashMessage } from '../hooks/use-flash-message';
import {
  collectErrors,
  useProfileSchemas,
  useRetranslateErrors,
} from '../hooks/use-profile-schemas';

interface PasswordTabProps {
  showMessage: (message: FlashMessage, clearAfterMs: number) => void;
}

export function PasswordTab({ showMessage }: PasswordTabProps) {
  const { t } = useTranslation('settings');
  const schemas = useProfileSchemas();
  const changePassword = useChangePassword();
  const errorReason = useApiErrorReason();
  const form = useForm({
    mode: 'controlled',
    initialValues: { old_password: '', new_password: '', confirmPassword: '' },
    validate: (values) => collectErrors([schemas.passwordChange], values),
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  useRetranslateErrors(form);
  // Spec §5: the update-password button is disabled while any password error exists.
  const hasErrors = Object.keys(form.errors).length > 0;

  const submit = form.onSubmit((values) => {
    changePassword.mutate(
      { old_password: values.old_password, new_password: values.new_password },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'green', message: t('messages.passwordChanged') });
        },
        onError: (error) => {
          // The server's reason ("The old password is incorrect.") stays on the field it names
          // and in a message long enough to read; spec §8's generic text only without a reason.
          const reason = errorReason(error);
          if (!reason) {
            showMessage(
              { color: 'red', text: t('messages.somethingWrong') },
              messageDelays.passwordError,
            );
            return;
          }
          const fields = error instanceof ApiError ? error.fields.map((f) => f.field) : [];
          for (const field of fields) {
            if (field in values) form.setFieldError(field, reason);
          }
          showMessage({ color: 'red', text: reason }, messageDelays.passwordReason);
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={420}>
        <PasswordInput
          label={t('fields.oldPassword')}
          withAsterisk
          autoComplete="current-password"
          {...form.getInputProps('old_password')}
        />
        <PasswordInput
          label={t('fields.newPassword')}
          withAsterisk
          autoComplete="new-password"
          description={t('hints.password')}
          {...form.getInputProps('new_password')}
        />
        <PasswordInput
          label={t('fields.confirmPassword')}
          withAsterisk
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={hasErrors} loading={changePassword.isPending}>
            {t('actions.updatePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

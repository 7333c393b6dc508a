import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useSearchParams } from 'wouter';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { clearSession } from '../../../lib/session';
import { useRevalidateOnLanguageChange } from '../../../lib/validation';
import { useAuthValidation } from '../hooks/use-auth-validation';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';
import { FormError } from '../components/form-error';
import { PasswordRules } from '../components/password-rules';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const validation = useAuthValidation();
  const form = useForm<ResetValues>({
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => validation.validate('resetPassword', values),
    validateInputOnBlur: true,
  });
  useRevalidateOnLanguageChange(form);
  const reset = useResetPassword();
  const errorMessage = useApiErrorMessage();

  const requestNewLink = (
    <Text size="sm" ta="center">
      <Anchor component={Link} to="/forgot-password">
        {t('reset.requestNew')}
      </Anchor>
    </Text>
  );

  if (!token) {
    return (
      <AuthLayout title={t('reset.title')}>
        <Stack gap="md">
          <FormError>{t('reset.missingToken')}</FormError>
          {requestNewLink}
        </Stack>
      </AuthLayout>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout title={t('reset.doneTitle')}>
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
            {t('reset.done')}
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            {t('reset.signIn')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  const isLinkInvalid =
    reset.error instanceof ApiError && reset.error.code === 'INVALID_EMAIL_TOKEN';

  return (
    <AuthLayout title={t('reset.title')}>
      <form
        onSubmit={form.onSubmit((values) =>
          reset.mutate(
            { token, password: values.password },
            // Every session of the account ended on the server; forget this browser's too.
            { onSuccess: () => clearSession() },
          ),
        )}
        noValidate
      >
        <Stack gap="md">
          <FormError>{reset.isError ? errorMessage(reset.error) : null}</FormError>
          {isLinkInvalid ? requestNewLink : null}
          <PasswordField
            {...form.getInputProps('password')}
            name="password"
            label={t('fields.newPassword')}
            autoComplete="new-password"
            withAsterisk
          />
          <PasswordRules value={form.values.password} />
          <PasswordField
            {...form.getInputProps('confirmPassword')}
            name="confirmPassword"
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            withAsterisk
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { useRevalidateOnLanguageChange } from '../../../lib/validation';
import { useAuthValidation } from '../hooks/use-auth-validation';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthLayout } from '../components/auth-layout';
import { FormError } from '../components/form-error';
import { useRedirectTarget, withRedirect } from '../hooks/use-complete-sign-in';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const validation = useAuthValidation();
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => validation.validate('forgotPassword', values),
    validateInputOnBlur: true,
  });
  useRevalidateOnLanguageChange(form);
  const request = useRequestPasswordReset();
  const errorMessage = useApiErrorMessage();
  const redirect = useRedirectTarget();
  const backToLogin = (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={withRedirect('/login', redirect)}>
        {t('forgot.backToLogin')}
      </Anchor>
    </Text>
  );

  if (request.isSuccess) {
    return (
      <AuthLayout title={t('forgot.sentTitle')}>
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status" icon={<IconMailCheck aria-hidden />}>
            {t('forgot.sent', { email: request.variables.email })}
          </Alert>
          {backToLogin}
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('forgot.title')} description={t('forgot.subtitle')}>
      <form
        onSubmit={validation.whenReady(
          form.onSubmit((values) => request.mutate({ email: values.email.trim() })),
        )}
        noValidate
      >
        <Stack gap="md">
          <FormError>{request.isError ? errorMessage(request.error) : null}</FormError>
          <TextInput
            {...form.getInputProps('email')}
            name="email"
            type="email"
            label={t('fields.email')}
            placeholder={t('hints.emailPlaceholder')}
            autoComplete="email"
            withAsterisk
          />
          <Button type="submit" fullWidth loading={request.isPending}>
            {t('forgot.submit')}
          </Button>
          {backToLogin}
        </Stack>
      </form>
    </AuthLayout>
  );
}

import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { useRevalidateOnLanguageChange } from '../../../lib/validation';
import { useLogin, type LoginBody } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';
import { FormError } from '../components/form-error';
import { useAuthValidation } from '../hooks/use-auth-validation';
import { useCompleteSignIn, useRedirectTarget, withRedirect } from '../hooks/use-complete-sign-in';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const validation = useAuthValidation();
  const form = useForm<LoginBody>({
    initialValues: { email: '', password: '' },
    validate: (values) => validation.validate('login', values),
    validateInputOnBlur: true,
  });
  useRevalidateOnLanguageChange(form);
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  const errorMessage = useApiErrorMessage();
  const redirect = useRedirectTarget();

  const submit = validation.whenReady(
    form.onSubmit((values) => {
      login.mutate(
        { email: values.email.trim(), password: values.password },
        { onSuccess: (session) => void completeSignIn(session) },
      );
    }),
  );

  return (
    <AuthLayout title={t('login.title')} description={t('login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{login.isError ? errorMessage(login.error) : null}</FormError>
          <TextInput
            {...form.getInputProps('email')}
            name="email"
            type="email"
            label={t('fields.email')}
            placeholder={t('hints.emailPlaceholder')}
            autoComplete="email"
            withAsterisk
          />
          <PasswordField
            {...form.getInputProps('password')}
            name="password"
            label={t('fields.password')}
            autoComplete="current-password"
            withAsterisk
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={withRedirect('/forgot-password', redirect)} size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            {t('login.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to={withRedirect('/sign-up', redirect)}>
              {t('login.signUp')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}

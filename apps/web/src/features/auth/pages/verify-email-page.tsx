import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useSearchParams } from 'wouter';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { meQueryKey } from '../../../lib/me';
import { readTokens } from '../../../lib/session';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { AuthLayout } from '../components/auth-layout';
import { FormError } from '../components/form-error';

export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const queryClient = useQueryClient();
  const errorMessage = useApiErrorMessage();
  const isSignedIn = readTokens() !== null;

  // The token works once: the ref keeps StrictMode's second effect run from spending it again.
  const sentFor = useRef<string | null>(null);
  const { mutate } = verify;
  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(
      { token },
      { onSuccess: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }) },
    );
  }, [token, mutate, queryClient]);

  const continueTo = isSignedIn ? '/' : '/login';
  const resendBlock = isSignedIn ? (
    resend.isSuccess ? (
      <Alert color="teal" variant="light" role="status" icon={<IconMailForward aria-hidden />}>
        {t('verify.resent')}
      </Alert>
    ) : (
      <Stack gap="xs">
        <FormError>{resend.isError ? errorMessage(resend.error) : null}</FormError>
        <Button
          variant="light"
          fullWidth
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {t('verify.resend')}
        </Button>
      </Stack>
    )
  ) : (
    <Text size="sm" ta="center">
      <Anchor component={Link} to="/login?redirect=%2F">
        {t('verify.signInToResend')}
      </Anchor>
    </Text>
  );

  let content;
  if (!token) {
    content = (
      <>
        <FormError>{t('verify.missingToken')}</FormError>
        {resendBlock}
      </>
    );
  } else if (verify.isSuccess) {
    content = (
      <>
        <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
          {t(verify.data.already_verified ? 'verify.alreadyDone' : 'verify.done')}
        </Alert>
        <Button component={Link} to={continueTo} fullWidth>
          {t('verify.continue')}
        </Button>
      </>
    );
  } else if (verify.isError) {
    content = (
      <>
        <FormError>{errorMessage(verify.error)}</FormError>
        {resendBlock}
      </>
    );
  } else {
    content = (
      <Group justify="center" gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('verify.pending')}</Text>
      </Group>
    );
  }

  return (
    <AuthLayout title={t('verify.title')}>
      <Stack gap="md">{content}</Stack>
    </AuthLayout>
  );
}

import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { useApiErrorMessage } from '../lib/api-error-message';
import { useTranslation } from '../lib/use-translation';

/**
 * "Send me a new link" for a signed-in account whose address is not confirmed yet, wherever
 * "confirm your e-mail first" is said (POST /v2/auth/resend-verification). Once sent it says so
 * and is gone; the API limits the sends per account too (429 reads "Too many attempts").
 */
export function ResendVerificationButton() {
  const { t } = useTranslation('auth');
  const errorMessage = useApiErrorMessage();
  const resend = useMutation({
    mutationFn: () => apiRequest<undefined>('/auth/resend-verification', { method: 'POST' }),
  });
  if (resend.isSuccess) {
    return (
      <Alert color="teal" variant="light" role="status" icon={<IconMailForward aria-hidden />}>
        {t('verify.resent')}
      </Alert>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      {resend.isError ? (
        <Text size="sm" c="red">
          {errorMessage(resend.error)}
        </Text>
      ) : null}
      <Button variant="light" loading={resend.isPending} onClick={() => resend.mutate()}>
        {t('verify.resend')}
      </Button>
    </Stack>
  );
}

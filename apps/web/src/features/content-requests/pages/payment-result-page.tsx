import type { ContentRequest } from '@clipmarket/contracts/content-requests';
import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { IconCircleCheck, IconCircleX, IconRefresh } from '../../../components/icons';
import { useContentRequest } from '../api/content-requests';
import { BackIcon } from '../components/back-icon';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { REQUESTS_PATH } from '../paths';

type Outcome = 'paid' | 'waiting' | 'failed';

/**
 * The request's own state decides, the address only says where the gateway sent the browser:
 * a `failed` redirect is believed at once (nothing was paid); a `success` one waits until the
 * server has read the payment back and sent the request (never trusted alone).
 */
function outcomeOf(request: ContentRequest, urlStatus: string | undefined): Outcome {
  if (request.status === 'sent') return 'paid';
  return urlStatus === 'failed' ? 'failed' : 'waiting';
}

/**
 * The result of a content request's payment (spec §2 `/request-content/{id}/payment/{status}`),
 * as the wallet's pack result: read again every 2 s until the payment is settled; sent, or "We
 * are sorry. Your payment has failed." with "Try again" back to the checkout.
 */
export default function PaymentResultPage() {
  const { t } = useTranslation('content-requests');
  const { content_request_id: idParam, status: urlStatus } = useParams();
  const id = Number(idParam);
  const request = useContentRequest(id, {
    pollWhile: (current) => outcomeOf(current, urlStatus) === 'waiting',
  });
  const outcome = request.data ? outcomeOf(request.data, urlStatus) : null;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (outcome === 'paid' || outcome === 'failed') headingRef.current?.focus();
  }, [outcome]);

  if (!Number.isInteger(id) || id <= 0 || request.isError) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={1}>{t('result.title')}</Title>
        <LoadErrorAlert
          error={request.error}
          message={t('result.loadError')}
          onRetry={() => void request.refetch()}
        />
        <ToList />
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={640}>
      <Text c="dimmed" size="sm">
        {t('result.title')}
        {request.data?.title && ` · ${request.data.title}`}
      </Text>
      <Paper withBorder radius="md" p="xl">
        <div role="status">
          {!request.data ? (
            <Center py="lg">
              <Loader aria-label={t('result.loading')} />
            </Center>
          ) : outcome === 'paid' ? (
            <Stack align="center" gap="sm" ta="center">
              <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" aria-hidden />
              <Title order={1} size="h2" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
                {t('result.paidTitle')}
              </Title>
              <Text>{t('result.paidText')}</Text>
            </Stack>
          ) : outcome === 'waiting' ? (
            <Stack align="center" gap="sm" ta="center">
              <Loader aria-hidden />
              <Title order={1} size="h2">
                {t('result.waitingTitle')}
              </Title>
              <Text>{t('result.waitingText')}</Text>
            </Stack>
          ) : (
            <Stack align="center" gap="sm" ta="center">
              <IconCircleX size={56} color="var(--mantine-color-red-6)" aria-hidden />
              <Title order={1} size="h2" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
                {t('result.failedTitle')}
              </Title>
              <Text>{t('result.failedText')}</Text>
            </Stack>
          )}
        </div>
        {request.data && (
          <Group justify="center" mt="lg">
            {outcome === 'failed' && (
              <Button
                component={Link}
                to={`${REQUESTS_PATH}/${id}/payment`}
                leftSection={<IconRefresh size={18} aria-hidden />}
              >
                {t('result.tryAgain')}
              </Button>
            )}
            <ToList primary={outcome === 'paid'} />
          </Group>
        )}
      </Paper>
    </Stack>
  );
}

function ToList({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation('content-requests');
  return (
    <Button
      component={Link}
      to={REQUESTS_PATH}
      variant={primary ? 'filled' : 'default'}
      leftSection={<BackIcon />}
    >
      {t('result.toList')}
    </Button>
  );
}

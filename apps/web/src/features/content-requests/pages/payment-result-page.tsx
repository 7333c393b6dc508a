import type { ContentRequest } from '@clipmarket/contracts/content-requests';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams } from 'wouter';
import {
  PaymentOutcomeCard,
  type PaymentOutcome,
} from '../../../components/checkout/payment-outcome';
import { useUnpaidReason } from '../../../components/checkout/use-unpaid-reason';
import { IconRefresh } from '../../../components/icons';
import { useContentRequest } from '../api/content-requests';
import { BackIcon } from '../components/back-icon';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { REQUESTS_PATH } from '../paths';

/**
 * The request's own state decides, the address only says where the gateway sent the browser:
 * a `failed` redirect is believed at once (nothing was paid); a `success` one waits until the
 * server has read the payment back and sent the request (never trusted alone).
 */
function outcomeOf(request: ContentRequest, urlStatus: string | undefined): PaymentOutcome {
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
  const read = request.data ? outcomeOf(request.data, urlStatus) : null;
  // Back unpaid: a refused card, or cancelled on the gateway's page (its last attempt tells).
  const unpaidReason = useUnpaidReason(read === 'failed');
  const outcome = read === 'failed' && unpaidReason === null ? null : read;
  const cancelled = unpaidReason === 'cancelled';
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
      <PaymentOutcomeCard
        outcome={outcome}
        texts={{
          loading: t('result.loading'),
          paidTitle: t('result.paidTitle'),
          paidText: t('result.paidText'),
          waitingTitle: t('result.waitingTitle'),
          waitingText: t('result.waitingText'),
          failedTitle: cancelled ? t('result.cancelledTitle') : t('result.failedTitle'),
          failedText: cancelled ? t('result.cancelledText') : t('result.failedText'),
        }}
        actions={
          outcome && (
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
          )
        }
      />
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

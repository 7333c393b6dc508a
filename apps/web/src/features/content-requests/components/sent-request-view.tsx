import type { ContentRequest } from '@clipmarket/contracts/content-requests';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { LicenceTermsSummary } from '../../../components/licence-terms/licence-terms-summary';
import { useTranslation } from '../../../lib/use-translation';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useTwinklingSeen } from '../../../lib/twinkling';
import { contentRequestsQueryRoot } from '../api/content-requests';
import { useCancelLineDialog } from './cancel-line-dialog';
import { RequestCard } from './request-card';
import { SimilarCreators } from './similar-creators';

/**
 * A sent request on its own page (`/request-content/{id}`, where the creators' answers lead):
 * each creator's line, live, with its usage rights' add-on; what was asked and the usage rights
 * it buys; similar creators when some will not make it.
 */
export function SentRequestView({ request }: { request: ContentRequest }) {
  const { t } = useTranslation('content-requests');
  const queryClient = useQueryClient();
  const cancelLine = useCancelLineDialog();
  const briefId = useId();

  useRealtimeEvent('new_notification', () => {
    void queryClient.invalidateQueries({ queryKey: contentRequestsQueryRoot });
  });
  useTwinklingSeen('twinkling_content_request');

  return (
    <Stack gap="md">
      <RequestCard request={request} onCancelLine={cancelLine.ask} headingOrder={1} />
      <SimilarCreators request={request} />
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={briefId}>
        <Stack gap="xs">
          <Title order={2} size="h4" id={briefId}>
            {t('sent.brief')}
          </Title>
          {request.product_name && (
            <Text>
              <Text span fw={600}>
                {t('sent.product')}
              </Text>{' '}
              <bdi>{request.product_name}</bdi>
            </Text>
          )}
          {request.description && (
            <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
              {request.description}
            </Text>
          )}
          <Text fw={600}>{t('sent.script')}</Text>
          <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
            {request.script}
          </Text>
        </Stack>
      </Paper>
      <LicenceTermsSummary terms={request.licence} />
      {cancelLine.dialog}
    </Stack>
  );
}

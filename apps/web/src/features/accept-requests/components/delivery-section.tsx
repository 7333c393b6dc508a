import { contentRequestLineProcess } from '@clipmarket/contracts/workflows/content-request-line';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { deliveryOf } from '../../../components/content-delivery/delivery';
import { DisputeSummary } from '../../../components/content-delivery/dispute-summary';
import { FeedbackList } from '../../../components/content-delivery/feedback-list';
import { PublicationLinkList } from '../../../components/content-delivery/publication-link-list';
import { VideoVersions } from '../../../components/content-delivery/video-versions';
import {
  CompareVersions,
  defaultPair,
} from '../../../components/content-delivery/compare-versions';
import { IconInfoCircle } from '../../../components/icons';
import { useRealtimeEvent } from '../../../lib/realtime';
import type { DeliveredCreatorLine } from '../api/content-delivery';
import { type CreatorLineView, creatorLineQueryKey } from '../api/get-creator-line';
import { loadNamespaces } from '../../../lib/i18n';
import { formatDateTime, formatDay } from '../../../lib/tunis-time';
import { DeleteVideoButton } from './delete-video-button';
import { DisputePanel } from './dispute-panel';
import { InspirationSwitch } from './inspiration-switch';
import { PublicationLinksForm } from './publication-links';
import { RevisionNotesPanel } from './revision-notes-panel';
import { UploadPanel } from './upload-panel';

// The figures of the approved posts (issue 24 §2) and their texts: a chunk of their own, fetched
// only for a line whose links were approved.
const PublicationFigures = lazy(async () => {
  const [module] = await Promise.all([
    import('./publication-figures'),
    loadNamespaces(['publication-metrics']),
  ]);
  return { default: module.PublicationFigures };
});

/** The line process's terminal states: the notes are then the record, no longer ticked. */
const closedStates: readonly string[] = contentRequestLineProcess.terminal;

function Block({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * Issue 11 on the creator's page of a line (a request's, or an opportunity's: its texts then
 * speak of the opportunity): upload the video (accepted, debriefed), its versions
 * and their processing, the advertiser's feedback, contesting a rejection (then the dispute's
 * words and outcome), the publication links
 * once paid, the figures of the approved posts, and when the creator is paid.
 */
export function DeliverySection({ line }: { line: CreatorLineView }) {
  const { t, i18n } = useTranslation('accept-requests');
  const language = i18n.language;
  const queryClient = useQueryClient();
  const id = line.content_request_influencer_id;
  const isOpportunity = line.source.kind === 'opportunity';
  const delivery = deliveryOf(line as DeliveredCreatorLine);
  const latest = [...delivery.videos].sort((a, b) => b.version - a.version)[0];
  const processing = latest?.status === 'processing';
  const published = delivery.links.some((link) => link.state === 'approved');

  useRealtimeEvent('new_notification', () => {
    void queryClient.invalidateQueries({ queryKey: creatorLineQueryKey(id) });
  });
  // The preview is made in a job: the server says when it is ready (or failed).
  useRealtimeEvent('content_video_status', (event) => {
    if (event.content_request_influencer_id === id) {
      void queryClient.invalidateQueries({ queryKey: creatorLineQueryKey(id) });
    }
  });

  const canUpload = line.status === 'accepted' || line.status === 'debriefed';
  // Links still waiting for the team may be corrected until the team checks them.
  const waitingPlatforms = line.platforms.filter(
    (platform) =>
      [...delivery.links].reverse().find((link) => link.platform === platform)?.state ===
      'submitted',
  );
  const correcting = line.status === 'link_submitted' && waitingPlatforms.length > 0;
  const linksOpen = line.status === 'paid' || line.status === 'link_declined';
  const notice =
    line.status === 'submitted'
      ? delivery.review_due_at
        ? t('delivery.submittedBy', { date: formatDateTime(delivery.review_due_at, language) })
        : t('delivery.submitted')
      : line.status === 'debriefed'
        ? t('delivery.debriefed')
        : line.status === 'approved'
          ? t('delivery.approved')
          : line.status === 'rejected'
            ? t('delivery.rejected')
            : line.status === 'disputed'
              ? t('delivery.disputed')
              : line.status === 'closed'
                ? isOpportunity
                  ? t('delivery.opportunityClosed')
                  : t('delivery.closed')
                : line.status === 'completed'
                  ? isOpportunity
                    ? t('delivery.opportunityCompleted')
                    : t('delivery.completed')
                  : null;

  return (
    <Stack gap="lg">
      {notice && (
        <Alert color="blue" icon={<IconInfoCircle size={20} aria-hidden />} role="status">
          <Text size="sm">{notice}</Text>
        </Alert>
      )}
      {(delivery.paid_at || delivery.expected_payout_at) && (
        <Alert color="teal" role="status">
          <Stack gap={4}>
            {delivery.paid_at && (
              <Text size="sm">
                {t('delivery.paidAt', { date: formatDay(delivery.paid_at, language) })}
              </Text>
            )}
            {delivery.expected_payout_at && (
              <Text size="sm" fw={600}>
                {t('delivery.expectedPayout', {
                  date: formatDay(delivery.expected_payout_at, language),
                })}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {canUpload && (
        <UploadPanel
          lineId={id}
          processing={processing}
          orderedSeconds={line.video_duration}
          isOpportunity={isOpportunity}
        />
      )}
      {delivery.dispute && (
        <Block title={t('disputeSummary.title')}>
          <DisputeSummary
            dispute={delivery.dispute}
            ns="accept-requests"
            isOpportunity={isOpportunity}
          />
        </Block>
      )}
      {line.allowed_transitions.includes('dispute') && (
        <Block title={t('dispute.heading')}>
          <DisputePanel lineId={id} isOpportunity={isOpportunity} />
        </Block>
      )}
      {linksOpen && (
        <Block title={t('links.title')}>
          <PublicationLinksForm lineId={id} platforms={line.platforms} links={delivery.links} />
        </Block>
      )}
      {!linksOpen && delivery.links.length > 0 && (
        <Block title={t('links.title')}>
          <PublicationLinkList links={delivery.links} ns="accept-requests" />
          {correcting && (
            <PublicationLinksForm
              key={waitingPlatforms.join()}
              lineId={id}
              platforms={waitingPlatforms}
              links={delivery.links}
              correcting
            />
          )}
        </Block>
      )}
      {published && (
        <Suspense fallback={null}>
          <PublicationFigures lineId={id} />
        </Suspense>
      )}
      {published && (
        <Block title={t('inspiration.title')}>
          <InspirationSwitch
            lineId={id}
            allowed={delivery.creator_showcase_allowed}
            brandAllows={delivery.showcase_allowed}
          />
        </Block>
      )}
      {delivery.revision_notes.length > 0 && (
        <Block title={t('notes.title')}>
          <RevisionNotesPanel
            lineId={id}
            notes={delivery.revision_notes}
            videos={delivery.videos}
            canTick={!closedStates.includes(line.status)}
          />
        </Block>
      )}
      {defaultPair(delivery.videos) && (
        <Block title={t('compare.title')}>
          <CompareVersions videos={delivery.videos} ns="accept-requests" />
        </Block>
      )}
      {delivery.feedback.length > 0 && (
        <Block title={t('feedback.title')}>
          {delivery.revision_cap > 0 && (
            <Text size="sm" c="dimmed">
              {t('feedback.revisions', {
                used: delivery.revisions_used,
                cap: delivery.revision_cap,
              })}
            </Text>
          )}
          <FeedbackList feedback={delivery.feedback} ns="accept-requests" />
        </Block>
      )}
      {delivery.videos.length > 0 && (
        <Block title={t('videos.title')}>
          <VideoVersions
            videos={delivery.videos}
            ns="accept-requests"
            actions={(video) =>
              video.status === 'failed' && <DeleteVideoButton lineId={id} video={video} />
            }
          />
        </Block>
      )}
    </Stack>
  );
}

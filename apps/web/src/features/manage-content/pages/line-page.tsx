import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
  useDirection,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams } from 'wouter';
import { deliveryOf } from '../../../components/content-delivery/delivery';
import { DisputeSummary } from '../../../components/content-delivery/dispute-summary';
import { FeedbackList } from '../../../components/content-delivery/feedback-list';
import { PublicationLinkList } from '../../../components/content-delivery/publication-link-list';
import { VideoVersion, VideoVersions } from '../../../components/content-delivery/video-versions';
import {
  CompareVersions,
  defaultPair,
} from '../../../components/content-delivery/compare-versions';
import {
  AddressedBadge,
  NotesPlayer,
  notesByVersion,
} from '../../../components/content-delivery/revision-notes';
import { IconArrowLeft, IconDownload, IconInfoCircle } from '../../../components/icons';
import { LicenceRenewal } from '../../../components/licences/licence-renewal';
import { SparkCodeView } from '../../../components/licences/spark-code';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { useRealtimeEvent } from '../../../lib/realtime';
import {
  type AdvertiserLineView,
  getOriginalLink,
  lineQueryKey,
  useAdvertiserLine,
  useLineShowcase,
} from '../api/manage-content';
import { LineReviewsSection } from '../../../components/reviews/line-reviews-section';
import { LineStatus } from '../components/line-status';
import { PayStep } from '../components/pay-step';
import { ReviewActions } from '../components/review-actions';
import { ManageStepper, manageStepOf } from '../components/stepper';
import { openDownload } from '../download';
import { MANAGE_CONTENT_PATH, opportunityApplicationsPath } from '../paths';
import { routeNotFound } from '../../../lib/route-not-found';

const parseId = (value: string | undefined) =>
  value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;

const latestOf = (line: AdvertiserLineView) =>
  [...(line.videos ?? [])].sort((a, b) => b.version - a.version)[0];

function Section({ title, children }: { title: string; children: ReactNode }) {
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
 * `/manage-content/{content_request_influencer_id}` (spec §2 "Manage content, 2 steps: review,
 * pay"): the creator's video (its watermarked preview) beside the request's script, the review
 * (approve, revision, decline), then the payment of its fee, the HD download and the links.
 * An opportunity's line (ADR 035) is the same screen, worded for the opportunity: its brief,
 * the price reserved at the application's approval, and back to the opportunity's applications.
 */
export default function ManageLinePage() {
  const { t } = useTranslation('manage-content');
  const id = parseId(useParams().content_request_influencer_id);
  const queryClient = useQueryClient();
  const line = useAdvertiserLine(id);
  useRealtimeEvent('new_notification', () => {
    if (id !== null) void queryClient.invalidateQueries({ queryKey: lineQueryKey(id) });
  });
  // The preview is made in a job: the server says when it is ready (or failed).
  useRealtimeEvent('content_video_status', (event) => {
    if (id !== null && event.content_request_influencer_id === id) {
      void queryClient.invalidateQueries({ queryKey: lineQueryKey(id) });
    }
  });

  if (id === null) throw routeNotFound();
  if (line.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('line.loading')} />
      </Center>
    );
  }
  if (line.isError) {
    if (line.error instanceof ApiError && line.error.status === 404) throw routeNotFound();
    return (
      <Stack gap="md">
        <BackLink />
        <LoadErrorAlert
          error={line.error}
          message={t('line.loadError')}
          onRetry={() => void line.refetch()}
        />
      </Stack>
    );
  }
  return <LineView line={line.data} />;
}

/** Back to where the line is followed: Manage content, or the opportunity's applications. */
function BackLink({ opportunityId = null }: { opportunityId?: number | null }) {
  const { t } = useTranslation('manage-content');
  const { dir } = useDirection();
  return (
    <Anchor
      component={Link}
      to={opportunityId === null ? MANAGE_CONTENT_PATH : opportunityApplicationsPath(opportunityId)}
      size="sm"
    >
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft
          size={16}
          aria-hidden
          style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}
        />
        {opportunityId === null ? t('line.back') : t('line.opportunityBack')}
      </Group>
    </Anchor>
  );
}

function LineView({ line }: { line: AdvertiserLineView }) {
  const { t } = useTranslation('manage-content');
  const delivery = deliveryOf(line);
  const id = line.content_request_influencer_id;
  const latest = latestOf(line);
  const step = manageStepOf(line.status);
  const canReview = line.status === 'submitted' && latest?.status === 'ready';
  const isOpportunity = line.source.kind === 'opportunity';

  return (
    <Stack gap="lg">
      <BackLink opportunityId={isOpportunity ? line.source.id : null} />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            {isOpportunity
              ? t('line.opportunityReference', { reference: line.reference })
              : t('line.reference', { reference: line.reference })}
          </Text>
          <Title order={1}>{line.title || t('line.title')}</Title>
          <Group gap="xs" mt={6}>
            <Avatar
              src={line.profile_picture_url}
              alt=""
              radius="xl"
              size="sm"
              name={line.influencer_name}
              color="initials"
            />
            <Text size="sm">{t('line.by', { name: line.influencer_name })}</Text>
          </Group>
        </div>
        <LineStatus status={line.status} />
      </Group>

      <ManageStepper status={line.status} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title={t('line.video')}>
          {latest ? (
            <VideoVersion video={latest} ns="manage-content" large />
          ) : (
            <Alert color="gray" icon={<IconInfoCircle size={20} aria-hidden />} role="status">
              {t('line.noContent')}
            </Alert>
          )}
        </Section>
        <Brief line={line} />
      </SimpleGrid>

      {step === 0 && (
        <Section title={t('review.title')}>
          {canReview ? (
            <ReviewActions
              lineId={id}
              revisionsUsed={delivery.revisions_used}
              revisionCap={delivery.revision_cap}
              fundsSecured={line.funds_secured}
              video={latest}
            />
          ) : (
            <Text size="sm">{t(`line.waiting.${waitingKey(line.status)}`)}</Text>
          )}
        </Section>
      )}
      {step === 1 && (
        <Section title={t('pay.title')}>
          {delivery.dispute?.outcome === 'for_creator' && (
            <Alert color="blue" icon={<IconInfoCircle size={20} aria-hidden />} role="status">
              {t('pay.dueAfterDispute')}
            </Alert>
          )}
          <PayStep lineId={id} isOpportunity={isOpportunity} />
        </Section>
      )}
      {step === 2 && (
        <Section title={t('paid.title')}>
          <Alert color="teal" role="status">
            {delivery.paid_from !== 'reserved_funds'
              ? t('pay.paid')
              : delivery.dispute?.outcome === 'for_creator'
                ? isOpportunity
                  ? t('paid.opportunityCapturedAfterDispute')
                  : t('paid.capturedAfterDispute')
                : isOpportunity
                  ? t('paid.opportunityCaptured')
                  : t('paid.captured')}
          </Alert>
          {/* Issue 27 §1: at the licence's end the HD button gives way to the renewal. */}
          {latest?.status === 'ready' && delivery.usage_licence?.state !== 'expired' && (
            <DownloadHd lineId={id} videoId={latest.video_id} />
          )}
          {delivery.usage_licence && (
            <LicenceRenewal lineId={id} licence={delivery.usage_licence} />
          )}
          {delivery.usage_licence?.spark_code && (
            <Stack gap={4}>
              <Title order={3} size="h5">
                {t('licence.sparkCode')}
              </Title>
              <SparkCodeView sparkCode={delivery.usage_licence.spark_code} />
            </Stack>
          )}
          {delivery.links.length > 0 ? (
            <PublicationLinkList links={delivery.links} ns="manage-content" />
          ) : (
            <Text size="sm" c="dimmed">
              {t('paid.noLinks')}
            </Text>
          )}
        </Section>
      )}

      {step === 2 && line.showcase_allowed !== undefined && (
        <Section title={t('showcase.title')}>
          <ShowcaseSwitch
            lineId={id}
            allowed={line.showcase_allowed}
            creatorAllows={line.creator_showcase_allowed === true}
          />
        </Section>
      )}
      <LineReviewsSection lineId={id} status={line.status} />
      {delivery.dispute && (
        <Section title={t('disputeSummary.title')}>
          <DisputeSummary
            dispute={delivery.dispute}
            ns="manage-content"
            isOpportunity={isOpportunity}
          />
        </Section>
      )}
      {delivery.feedback.length > 0 && (
        <Section title={t('feedback.title')}>
          <FeedbackList feedback={delivery.feedback} ns="manage-content" />
        </Section>
      )}
      {delivery.revision_notes.length > 0 && (
        <Section title={t('notes.title')}>
          <Text size="sm" c="dimmed">
            {t('notes.advertiserIntro')}
          </Text>
          {notesByVersion(delivery.revision_notes, delivery.videos).map((group) => (
            <Stack key={group.video.version} gap="xs">
              <Title order={3} size="h5">
                {t('notes.ofVersion', { version: group.video.version })}
              </Title>
              <NotesPlayer
                video={group.video}
                notes={group.notes}
                ns="manage-content"
                actions={(note) => <AddressedBadge note={note} ns="manage-content" />}
              />
            </Stack>
          ))}
        </Section>
      )}
      {defaultPair(delivery.videos) && (
        <Section title={t('compare.title')}>
          <CompareVersions videos={delivery.videos} ns="manage-content" />
        </Section>
      )}
      {delivery.videos.length > 1 && (
        <Section title={t('videos.title')}>
          <VideoVersions videos={delivery.videos} ns="manage-content" />
        </Section>
      )}
    </Stack>
  );
}

const waitingKey = (status: AdvertiserLineView['status']) =>
  status === 'debriefed' || status === 'rejected' || status === 'disputed' || status === 'closed'
    ? status
    : status === 'submitted'
      ? 'processing'
      : 'other';

function Brief({ line }: { line: AdvertiserLineView }) {
  const { t } = useTranslation('manage-content');
  const { brief } = line;
  // A request's line is judged against its script; an opportunity's against its brief text
  // and checklist (the description carries the brief, the script the checklist).
  const isOpportunity = line.source.kind === 'opportunity';
  const texts = (isOpportunity ? [brief.description, brief.script] : [brief.script]).filter(
    (text): text is string => !!text,
  );
  return (
    <Section title={isOpportunity ? t('line.opportunityBrief') : t('line.script')}>
      <Stack gap="xs">
        {brief.platforms.length > 0 && (
          <Text size="sm">
            {t('line.platforms', {
              platforms: brief.platforms.map((p) => t(`platforms.${p}`)).join(', '),
            })}
          </Text>
        )}
        {texts.length === 0 && (
          <Text c="dimmed">
            {isOpportunity ? t('line.opportunityNoBrief') : t('line.noScript')}
          </Text>
        )}
        {texts.map((text) => (
          <Text key={text} dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {text}
          </Text>
        ))}
      </Stack>
    </Section>
  );
}

/** The HD original, only once paid: a short-lived signed link, asked for on the click. */
function DownloadHd({ lineId, videoId }: { lineId: number; videoId: number }) {
  const { t } = useTranslation('manage-content');
  const errorMessage = useApiErrorMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      openDownload((await getOriginalLink(lineId, videoId)).url);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Group>
        <Button
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={busy}
          onClick={() => void download()}
        >
          {t('paid.download')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Issue 25: the advertiser lets the creator show the published video in their media kit and
 * in Get inspired (off until they do; turned off, it leaves the kit at its next rendering).
 */
function ShowcaseSwitch({
  lineId,
  allowed,
  creatorAllows,
}: {
  lineId: number;
  allowed: boolean;
  /** The creator's own consent to Get inspired (issue 25 §3): it shows there with both. */
  creatorAllows: boolean;
}) {
  const { t } = useTranslation('manage-content');
  const errorMessage = useApiErrorMessage();
  const showcase = useLineShowcase(lineId);
  return (
    <Stack gap="xs">
      <Switch
        checked={allowed}
        onChange={(event) => {
          showcase.reset();
          showcase.mutate(event.currentTarget.checked);
        }}
        disabled={showcase.isPending}
        label={t('showcase.label')}
        description={t('showcase.description')}
      />
      <Text size="sm" c={creatorAllows ? 'teal.8' : 'dimmed'}>
        {creatorAllows ? t('showcase.creatorAllows') : t('showcase.creatorNotYet')}
      </Text>
      {showcase.isError && (
        <Alert color="red" role="alert">
          {errorMessage(showcase.error)}
        </Alert>
      )}
    </Stack>
  );
}

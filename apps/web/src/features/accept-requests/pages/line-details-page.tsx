import {
  Alert,
  Anchor,
  Avatar,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useDirection,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useParams, useRoute } from 'wouter';
import { IconArrowLeft, IconInfoCircle } from '../../../components/icons';
import { Money } from '../../../components/checkout/money';
import { ApiError } from '../../../lib/api-client';
import { type CreatorLineView, useCreatorLine } from '../api/get-creator-line';
import { AnswerBy } from '../../../components/creator-lines/answer-by';
import { AnswerPanel } from '../components/answer-panel';
import { DeliverySection } from '../components/delivery-section';
import { FundsSecuredBadge } from '../../../components/creator-lines/funds-secured-badge';
import { LineStatusBadge } from '../../../components/creator-lines/line-status-badge';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { AdvertiserReputationPanel } from '../../../components/reputation/advertiser-reputation-panel';
import { ProductImages } from '../components/product-images';
import { LineReviewsSection } from '../../../components/reviews/line-reviews-section';
import { ReviewsLink } from '../../../components/reviews/reviews-link';
import { RequestStepper } from '../components/request-stepper';
import type { DeliveredCreatorLine } from '../api/content-delivery';
import { formatDateTime, formatDay } from '../../../lib/tunis-time';
import { endedUnworkedStates, noticeStates } from '../line-state';
import { routeNotFound } from '../../../lib/route-not-found';
import { useLiveLines } from '../../../lib/creator-lines';
import { useContentTypeLabel } from '../../../lib/content-types';
import { SparkCodeForm } from '../../../components/licences/spark-code';
import { licencePath } from '../../../lib/licences';

const parseId = (value: string | undefined) =>
  value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;

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

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text fw={500} component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** Track Content's route of a line (spec §2): the same screen, for an opportunity's line. */
export const TRACK_CONTENT_LINE_ROUTE = '/track-content/:content_opportunity_influencer_id';

/**
 * `/make-content/{content_request_influencer_id}` (spec §2): a request as its creator sees it —
 * what to film, for whom, by when and for how much, with the script and the product images;
 * the request stepper; and, while it waits for an answer, Accept or Decline; then the delivery
 * (issue 11): upload, versions, feedback, dispute, publication links, payout date.
 * `/track-content/{content_opportunity_influencer_id}` shows the same screen for the line of an
 * approved application (ADR 035: an opportunity's line is a line like a request's); it leads
 * back to Track Content.
 */
export default function LineDetailsPage() {
  const { t } = useTranslation('accept-requests');
  const params = useParams();
  const [isTrackContent] = useRoute(TRACK_CONTENT_LINE_ROUTE);
  const id = parseId(
    params.content_request_influencer_id ?? params.content_opportunity_influencer_id,
  );
  const line = useCreatorLine(id);
  useLiveLines();

  if (id === null) throw routeNotFound();
  if (line.isPending) {
    return (
      <Center py="xl">
        <Loader
          aria-label={isTrackContent ? t('details.opportunityLoading') : t('details.loading')}
        />
      </Center>
    );
  }
  if (line.isError) {
    if (line.error instanceof ApiError && line.error.status === 404) throw routeNotFound();
    return (
      <Stack gap="md">
        <BackLink isOpportunity={isTrackContent} />
        <LoadErrorAlert
          error={line.error}
          message={isTrackContent ? t('details.opportunityLoadError') : t('details.loadError')}
          onRetry={() => void line.refetch()}
        />
      </Stack>
    );
  }
  return <LineDetails line={line.data} />;
}

/** Back to the list the line belongs to: Accept Requests, or Track Content for an opportunity's. */
function BackLink({ isOpportunity }: { isOpportunity: boolean }) {
  const { t } = useTranslation('accept-requests');
  const { dir } = useDirection();
  return (
    <Anchor component={Link} to={isOpportunity ? '/track-content' : '/accept-requests'} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft
          size={16}
          aria-hidden
          style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}
        />
        {t(isOpportunity ? 'details.backToTrackContent' : 'details.back')}
      </Group>
    </Anchor>
  );
}

function LineDetails({ line }: { line: CreatorLineView }) {
  const { t, i18n } = useTranslation('accept-requests');
  const contentTypeLabel = useContentTypeLabel();
  const language = i18n.language;
  const isOpportunity = line.source.kind === 'opportunity';
  // An opportunity's line starts accepted: the advertiser approved the application.
  const notice = !noticeStates.includes(line.status)
    ? null
    : isOpportunity && line.status === 'accepted'
      ? t('closed.opportunityAccepted')
      : t(`closed.${line.status}`);
  const isEndedUnworked = endedUnworkedStates.includes(line.status);
  // Once paid, the page says when, no longer how it will be.
  const paidAt = (line as DeliveredCreatorLine).paid_at ?? null;
  const contentType = line.content_type ? contentTypeLabel(line.content_type) : t('details.none');

  return (
    <Stack gap="lg">
      <BackLink isOpportunity={isOpportunity} />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            {isOpportunity
              ? t('card.opportunityReference', { reference: line.reference })
              : t('details.reference', { reference: line.reference })}
          </Text>
          <Title order={1}>{line.title}</Title>
          <Group gap="xs" mt={6}>
            <Avatar
              src={line.advertiser.profile_picture_url}
              alt=""
              radius="xl"
              size="sm"
              name={line.advertiser.name}
              color="initials"
            />
            <Text size="sm">{t('card.from', { name: line.advertiser.name })}</Text>
            {/* Issue 27 §2: the advertiser's written reviews. */}
            <ReviewsLink of={{ userId: line.advertiser.user_id }} name={line.advertiser.name} />
          </Group>
        </div>
        <Group gap={6}>
          <LineStatusBadge status={line.status} />
          {line.funds_secured && <FundsSecuredBadge />}
        </Group>
      </Group>

      {!isEndedUnworked && <RequestStepper status={line.status} source={line.source.kind} />}

      {line.status === 'sent' && line.answer_by && <AnswerBy answerBy={line.answer_by} size="md" />}
      {/* Issue 27 §2: how this advertiser works, measured, before the creator answers. */}
      <AdvertiserReputationPanel userId={line.advertiser.user_id} />
      {notice && (
        <Alert
          color={line.status === 'accepted' ? 'blue' : 'gray'}
          icon={<IconInfoCircle size={20} aria-hidden />}
          role="status"
        >
          <Text size="sm">{notice}</Text>
          {line.reason && (line.status === 'declined' || line.status === 'cancelled') && (
            <Text size="sm" mt={4}>
              {t('details.reason', { reason: line.reason })}
            </Text>
          )}
        </Alert>
      )}

      <AnswerPanel line={line} />
      <DeliverySection line={line} />
      <LineReviewsSection lineId={line.content_request_influencer_id} status={line.status} />
      <LicenceSection line={line} />

      <Section title={t('details.about')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="dl" m={0}>
          <Fact label={t('details.contentType')}>{contentType}</Fact>
          <Fact label={t('details.duration')}>
            {t('card.seconds', { count: line.video_duration })}
          </Fact>
          <Fact label={t('details.format')}>
            {line.format ? t(`formats.${line.format}`) : t('details.none')}
          </Fact>
          <Fact label={t('details.platforms')}>
            {line.platforms.length > 0
              ? line.platforms
                  .map((platform) => t(`platforms.${platform}`))
                  .join(language === 'tn' ? '، ' : ', ')
              : t('details.none')}
          </Fact>
          {/* An opportunity names no product: its brief says what to show. */}
          {!isOpportunity && (
            <Fact label={t('details.productName')}>{line.product_name || t('details.none')}</Fact>
          )}
        </SimpleGrid>
        <div>
          <Text size="sm" c="dimmed">
            {t('details.description')}
          </Text>
          <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
            {line.description || t('details.none')}
          </Text>
        </div>
        {line.product_images.length > 0 && (
          <div>
            <Text size="sm" c="dimmed" mb={6}>
              {t('details.productImages')}
            </Text>
            <ProductImages images={line.product_images} />
          </div>
        )}
      </Section>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Section title={t('details.deadlines')}>
          <Stack gap="sm" component="dl" m={0}>
            <Fact label={t('details.deliveryDeadline')}>
              {formatDateTime(line.delivery_deadline, language)}{' '}
              <Text span size="xs" c="dimmed">
                ({t('details.timeZone')})
              </Text>
            </Fact>
            <Fact label={t('details.publishingDeadline')}>
              {line.publishing_deadline
                ? formatDay(line.publishing_deadline, language)
                : t('details.none')}
            </Fact>
          </Stack>
        </Section>
        {!isEndedUnworked && (
          <Section title={t('details.payment')}>
            <Stack gap="xs">
              <Group gap="sm" component="dl" m={0}>
                <Fact label={t('details.price')}>
                  <Money millimes={line.price} />
                </Fact>
              </Group>
              {line.funds_secured && (
                <Group gap="xs">
                  <FundsSecuredBadge />
                  <Text size="sm" c="dimmed">
                    {t('card.fundsSecuredHint')}
                  </Text>
                </Group>
              )}
              <Text size="sm" c="dimmed">
                {paidAt
                  ? t('details.paidOn', { date: formatDay(paidAt, language) })
                  : t('details.paidWhen')}
              </Text>
            </Stack>
          </Section>
        )}
      </SimpleGrid>

      <Section title={t('details.script')}>
        {line.script.trim() ? (
          <Text
            component="div"
            dir="auto"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {line.script}
          </Text>
        ) : (
          <Text c="dimmed">
            {t(isOpportunity ? 'details.opportunityNoScript' : 'details.noScript')}
          </Text>
        )}
      </Section>
    </Stack>
  );
}

/** Line states from the approval on: the Spark code may be entered (issue 27 §1). */
const SPARK_CODE_STATES: readonly string[] = [
  'approved',
  'paid',
  'link_submitted',
  'link_declined',
  'completed',
];

/**
 * The usage licence the advertiser bought with the video (issue 27 §1): its state and end, its
 * readable page, and, when it includes Spark ads, the code the creator enters once approved.
 */
function LicenceSection({ line }: { line: CreatorLineView }) {
  const { t, i18n } = useTranslation('accept-requests');
  const licence = (line as DeliveredCreatorLine).usage_licence;
  if (!licence) return null;
  const lineId = line.content_request_influencer_id;
  const state =
    licence.state === 'active' && licence.expires_at
      ? t('licence.activeUntil', { date: formatDay(licence.expires_at, i18n.language) })
      : licence.state === 'expired' && licence.expires_at
        ? t('licence.expiredOn', { date: formatDay(licence.expires_at, i18n.language) })
        : t(`licence.${licence.state === 'perpetual' ? 'perpetual' : 'notStarted'}`);
  return (
    <Section title={t('licence.title')}>
      <Text size="sm">{state}</Text>
      <Anchor component={Link} to={licencePath(lineId)} size="sm">
        {t('licence.open')}
      </Anchor>
      {licence.spark_code && SPARK_CODE_STATES.includes(line.status) && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('licence.sparkCode')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('licence.sparkCodeIntro')}
          </Text>
          <SparkCodeForm lineId={lineId} sparkCode={licence.spark_code} />
        </Stack>
      )}
    </Section>
  );
}

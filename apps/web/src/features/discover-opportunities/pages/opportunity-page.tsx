import type { OpportunityDetail } from '@clipmarket/contracts/opportunities';
import {
  Alert,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams, useRoute } from 'wouter';
import { BackIcon } from '../../../components/back-icon';
import { IconInfoCircle, IconSend } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { AdvertiserReputationPanel } from '../../../components/reputation/advertiser-reputation-panel';
import { ReviewsLink } from '../../../components/reviews/reviews-link';
import { formatDate } from '../../../lib/format';
import { useOwnRateCard } from '../../../lib/own-rate-card';
import { LicenceForCreator } from '../../../components/licence-terms/licence-for-creator';
import { useTranslation } from '../../../lib/use-translation';
import { recordInterest, useOpportunity } from '../api/opportunities';
import { startingPrice } from '../application-rules';
import { ApplyForm } from '../components/apply-form';
import { OpportunityFacts } from '../components/opportunity-facts';
import { AttachmentLink, ProductImages } from '../components/opportunity-files';
import { OpportunityHeader } from '../components/opportunity-header';
import { applicationPathOf, DISCOVER_PATH, learnMorePathOf } from '../paths';

/**
 * One opportunity as a creator sees it (spec §2): `/discover-opportunities/:id` and `…/details`
 * show its card with its files and how many questions applying asks; `…/learn-more` adds the
 * brief and its checklist, records the creator's interest once, and leads to "Apply".
 */
export default function OpportunityPage() {
  const { t } = useTranslation('discover-opportunities');
  const { content_opportunity_id: idParam } = useParams();
  const [isLearnMore] = useRoute('/discover-opportunities/:content_opportunity_id/learn-more');
  const id = Number(idParam);
  const opportunity = useOpportunity(id);

  if (!Number.isInteger(id) || id <= 0 || opportunity.isError) {
    return (
      <Stack gap="md">
        <LoadErrorAlert
          error={opportunity.error}
          message={t('details.loadError')}
          onRetry={() => void opportunity.refetch()}
        />
        <BackToList />
      </Stack>
    );
  }
  if (opportunity.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return isLearnMore ? (
    <LearnMore opportunity={opportunity.data} />
  ) : (
    <Details opportunity={opportunity.data} />
  );
}

function BackToList() {
  const { t } = useTranslation('discover-opportunities');
  return (
    <Group>
      <Button component={Link} to={DISCOVER_PATH} variant="default" leftSection={<BackIcon />}>
        {t('details.back')}
      </Button>
    </Group>
  );
}

/** The card, its files and what applying asks: the part both pages share. */
function Summary({ opportunity }: { opportunity: OpportunityDetail }) {
  const { t } = useTranslation('discover-opportunities');
  const titleId = useId();
  const filesId = useId();
  const questions = opportunity.screening_questions.length;
  const hasFiles =
    opportunity.attachment_file_id !== null || opportunity.product_image_file_ids.length > 0;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
        <Stack gap="md">
          <OpportunityHeader card={opportunity} titleId={titleId} headingOrder={1} />
          <OpportunityFacts card={opportunity} />
          {/* Issue 27 §2: how this advertiser works, measured. */}
          <AdvertiserReputationPanel userId={opportunity.advertiser.user_id} />
          <ReviewsLink
            of={{ userId: opportunity.advertiser.user_id }}
            name={opportunity.advertiser.name}
          />
          <Text size="sm">
            {questions > 0
              ? t('details.screeningQuestions', { count: questions })
              : t('details.noQuestions')}
          </Text>
        </Stack>
      </Paper>
      {hasFiles && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby={filesId}>
          <Stack gap="sm">
            <Title order={2} size="h4" id={filesId}>
              {t('details.files')}
            </Title>
            {opportunity.attachment_file_id !== null && (
              <AttachmentLink fileId={opportunity.attachment_file_id} />
            )}
            {opportunity.product_image_file_ids.length > 0 && (
              <ProductImages fileIds={opportunity.product_image_file_ids} />
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** Where the creator stands with this opportunity: applied, closed, or free to apply. */
function ApplicationNotice({ opportunity }: { opportunity: OpportunityDetail }) {
  const { t, i18n } = useTranslation('discover-opportunities');
  const application = opportunity.application;
  if (application) {
    return (
      <Alert color="blue" icon={<IconInfoCircle size={20} aria-hidden />}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm">
            {t('details.alreadyApplied', {
              date: formatDate(application.created_at, i18n.language),
              label: t(`applicationLabels.${application.label}`),
            })}
          </Text>
          <Button
            component={Link}
            to={applicationPathOf(application.content_opportunity_influencer_id)}
            size="xs"
            variant="light"
          >
            {t('card.seeApplication')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (opportunity.label !== 'published' || opportunity.spots_left <= 0) {
    return (
      <Alert color="gray" icon={<IconInfoCircle size={20} aria-hidden />}>
        {t('details.closedForApplications')}
      </Alert>
    );
  }
  return null;
}

const isOpenTo = (opportunity: OpportunityDetail) =>
  opportunity.application === null &&
  opportunity.label === 'published' &&
  opportunity.spots_left > 0;

function Details({ opportunity }: { opportunity: OpportunityDetail }) {
  const { t } = useTranslation('discover-opportunities');
  return (
    <Stack gap="md">
      <Summary opportunity={opportunity} />
      <ApplicationNotice opportunity={opportunity} />
      <Group justify="space-between" wrap="wrap">
        <BackToList />
        <Button
          component={Link}
          to={learnMorePathOf(opportunity.content_opportunity_id)}
          leftSection={<IconInfoCircle size={18} aria-hidden />}
        >
          {isOpenTo(opportunity) ? t('details.learnMoreAndApply') : t('card.learnMore')}
        </Button>
      </Group>
    </Stack>
  );
}

function LearnMore({ opportunity }: { opportunity: OpportunityDetail }) {
  const { t } = useTranslation('discover-opportunities');
  const id = opportunity.content_opportunity_id;
  const briefId = useId();
  const checklistId = useId();
  const [isApplying, setApplying] = useState(false);
  const recorded = useRef<number | null>(null);
  const canApply = isOpenTo(opportunity);

  // Opening "learn more" is the creator's interest (the advertiser's Interests page): once.
  useEffect(() => {
    if (recorded.current === id) return;
    recorded.current = id;
    void recordInterest(id).catch(() => {
      // Not the creator's concern: the page reads the same without it.
    });
  }, [id]);

  return (
    <Stack gap="md">
      <Summary opportunity={opportunity} />
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={briefId}>
        <Stack gap="sm">
          <Title order={2} size="h4" id={briefId}>
            {t('details.brief')}
          </Title>
          {opportunity.brief.trim() ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
              {opportunity.brief}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('details.noBrief')}
            </Text>
          )}
        </Stack>
      </Paper>
      {opportunity.checklist.length > 0 && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby={checklistId}>
          <Stack gap="sm">
            <Title order={2} size="h4" id={checklistId}>
              {t('details.checklist')}
            </Title>
            <List size="sm" spacing={4}>
              {opportunity.checklist.map((item, index) => (
                <List.Item key={index} dir="auto">
                  {item}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Paper>
      )}
      <LicenceForCreator licence={opportunity.licence} />
      <ApplicationNotice opportunity={opportunity} />
      {canApply && isApplying ? (
        <ApplySection opportunity={opportunity} />
      ) : (
        <Group justify="space-between" wrap="wrap">
          <BackToList />
          {canApply && (
            <Button
              leftSection={<IconSend size={18} aria-hidden />}
              onClick={() => setApplying(true)}
            >
              {t('details.apply')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** The form, once the creator's own price for the length is known (it starts from it). */
function ApplySection({ opportunity }: { opportunity: OpportunityDetail }) {
  const { t } = useTranslation('discover-opportunities');
  const rateCard = useOwnRateCard();
  if (rateCard.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  const initialPrice = startingPrice(rateCard.data, opportunity.video_duration, {
    min: opportunity.price_min,
    max: opportunity.price_max,
  });
  return <ApplyForm opportunity={opportunity} initialPrice={initialPrice} />;
}

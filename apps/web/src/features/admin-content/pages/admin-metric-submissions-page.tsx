import {
  Anchor,
  Badge,
  Card,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId } from 'react';
import { Link } from 'wouter';
import { IconExternalLink } from '../../../components/icons';
import { formatDate, formatNumber } from '../../../lib/format';
import { usePrivateMediaUrlQuery } from '../../../lib/private-media';
import { useTranslation } from '../../../lib/use-translation';
import {
  type AdminMetricSubmission,
  useAdminMetricSubmissions,
  useDecideMetricSubmission,
} from '../api/metric-submissions';
import {
  ApproveDeclineQueue,
  type ApproveOrDecline,
  type DecisionActions,
  DecisionButtons,
} from '../components/approve-decline-queue';

const metricNames = ['views', 'reach', 'likes', 'comments', 'shares', 'saves'] as const;

/** The insights screenshot: a private file, shown through short-lived signed links. */
function Screenshot({
  submission,
  platform,
}: {
  submission: AdminMetricSubmission;
  platform: string;
}) {
  const { t } = useTranslation('admin-content');
  const preview = usePrivateMediaUrlQuery(submission.screenshot_file_id, 'medium');
  const full = usePrivateMediaUrlQuery(submission.screenshot_file_id, 'full');
  if (preview.isPending)
    return <Loader size="sm" aria-label={t('metricSubmissions.screenshotLoading')} />;
  if (preview.isError) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {t('metricSubmissions.screenshotError')}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Image
        src={preview.data.url}
        alt={t('metricSubmissions.screenshotAlt', { platform })}
        maw={320}
        radius="sm"
        fit="contain"
      />
      {full.data && (
        <Anchor href={full.data.url} target="_blank" rel="noopener noreferrer" size="sm">
          {t('metricSubmissions.openScreenshot')}
          <VisuallyHidden>{t('metricSubmissions.opensInNewTab')}</VisuallyHidden>
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * The delivery's public reference, as the rest of the admin names it, leading to the admin page
 * of its request (its lines) or of its opportunity.
 */
function DeliveryReference({ submission }: { submission: AdminMetricSubmission }) {
  const { t } = useTranslation('admin-content');
  const { reference, content_request_id: requestId } = submission;
  const opportunityId = submission.content_opportunity_id;
  // An opportunity's line has no request: its reference names the opportunity.
  const [text, page] =
    opportunityId !== null
      ? [
          t('metricSubmissions.opportunityReference', { reference }),
          `/admin/opportunities/${opportunityId}`,
        ]
      : [
          t('metricSubmissions.reference', { reference }),
          requestId === null ? null : `/admin/content-requests?request=${requestId}`,
        ];
  if (page === null) {
    return (
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={page} size="xs">
      {text}
    </Anchor>
  );
}

function SubmissionCard({
  submission,
  actions,
}: {
  submission: AdminMetricSubmission;
  actions: DecisionActions;
}) {
  const { t, i18n } = useTranslation(['admin-content', 'publication-metrics']);
  const titleId = useId();
  const platform = t(`platforms.${submission.platform}`);
  const { reference } = submission;
  return (
    <Card component="article" withBorder padding="lg" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id={titleId}>
              {t('metricSubmissions.heading', {
                platform,
                window: t(`publication-metrics:figures.windows.${submission.window}`),
              })}
            </Title>
            <Text size="sm" fw={600} dir="auto">
              {submission.title}
            </Text>
            <Text size="sm" c="dimmed">
              {t('metricSubmissions.parties', {
                creator: submission.creator_name,
                advertiser: submission.advertiser_name,
              })}
            </Text>
            <Group gap="xs">
              <DeliveryReference submission={submission} />
              <Text size="xs" c="dimmed">
                {t('metricSubmissions.submittedAt', {
                  date: formatDate(submission.submitted_at, i18n.language),
                })}
              </Text>
            </Group>
          </div>
          <Badge variant="light">{platform}</Badge>
        </Group>
        <Anchor
          href={submission.url}
          target="_blank"
          rel="noopener noreferrer"
          style={{ wordBreak: 'break-all' }}
        >
          <Group gap={4} wrap="nowrap" component="span">
            <span>{submission.url}</span>
            <IconExternalLink size={16} aria-hidden />
            <VisuallyHidden>{t('metricSubmissions.opensInNewTab')}</VisuallyHidden>
          </Group>
        </Anchor>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" component="dl" m={0}>
            {metricNames.map((name) => (
              <div key={name}>
                <Text component="dt" size="xs" c="dimmed">
                  {t(`publication-metrics:figures.metrics.${name}`)}
                </Text>
                <Text component="dd" m={0} fw={600}>
                  {submission[name] === null
                    ? t('metricSubmissions.notGiven')
                    : formatNumber(submission[name], i18n.language)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          <div>
            <Text size="sm" c="dimmed" mb={4}>
              {t('metricSubmissions.screenshot')}
            </Text>
            <Screenshot submission={submission} platform={platform} />
          </div>
        </SimpleGrid>
        <DecisionButtons
          actions={actions}
          texts={{
            approve: t('metricSubmissions.approve'),
            decline: t('metricSubmissions.decline'),
            approveLabel: t('metricSubmissions.approveLabel', { platform, reference }),
            declineLabel: t('metricSubmissions.declineLabel', { platform, reference }),
          }}
        />
      </Stack>
    </Card>
  );
}

/**
 * `/admin/metric-submissions` (ADMIN, issue 24 §2): the figures creators typed from their
 * posts' insights, oldest first, beside the private screenshot they uploaded. The admin
 * approves them (they become the window's figures) or declines them with a reason the creator
 * reads.
 */
export default function AdminMetricSubmissionsPage() {
  const { t } = useTranslation('admin-content');
  const submissions = useAdminMetricSubmissions();
  const decide = useDecideMetricSubmission();

  const send = async (submission: AdminMetricSubmission, body: ApproveOrDecline) => {
    await decide.mutateAsync({ submissionId: submission.submission_id, body });
    return body.decision === 'approve'
      ? t('metricSubmissions.doneApproved')
      : t('metricSubmissions.doneDeclined');
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('metricSubmissions.title')}</Title>
        <Text c="dimmed">{t('metricSubmissions.intro')}</Text>
      </div>
      <ApproveDeclineQueue
        query={submissions}
        items={submissions.data?.pages.flatMap((page) => page.data) ?? []}
        listLabel={t('metricSubmissions.listLabel')}
        empty={{
          title: t('metricSubmissions.empty.title'),
          body: t('metricSubmissions.empty.body'),
        }}
        itemKey={(submission) => submission.submission_id}
        renderItem={(submission, actions) => (
          <SubmissionCard submission={submission} actions={actions} />
        )}
        decide={send}
        pending={decide.isPending}
        declineDialog={{
          title: t('metricSubmissions.declineTitle'),
          confirmLabel: t('metricSubmissions.declineConfirm'),
          readersHint: t('metricSubmissions.reasonReaders'),
          description: (submission) =>
            t('metricSubmissions.declineBody', {
              creator: submission.creator_name,
              title: submission.title,
            }),
        }}
      />
    </Stack>
  );
}

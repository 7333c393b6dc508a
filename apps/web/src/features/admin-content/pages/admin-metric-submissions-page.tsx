import {
  Anchor,
  Badge,
  Button,
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
import { useId, useRef, useState } from 'react';
import { AdminQueue } from '../../../components/admin-queue';
import { IconCircleCheck, IconCircleX, IconExternalLink } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatDate, formatNumber } from '../../../lib/format';
import { usePrivateMediaUrlQuery } from '../../../lib/private-media';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import {
  type AdminMetricSubmission,
  useAdminMetricSubmissions,
  useDecideMetricSubmission,
} from '../api/metric-submissions';
import { ReasonModal } from '../components/reason-modal';

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

function SubmissionCard({
  submission,
  busy,
  onApprove,
  onDecline,
}: {
  submission: AdminMetricSubmission;
  busy: boolean;
  onApprove: () => void;
  onDecline: () => void;
}) {
  const { t, i18n } = useTranslation(['admin-content', 'publication-metrics']);
  const titleId = useId();
  const platform = t(`platforms.${submission.platform}`);
  const line = submission.content_request_influencer_id;
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
            <Text size="sm" c="dimmed">
              {t('metricSubmissions.line', { line, creator: submission.creator_user_id })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('metricSubmissions.submittedAt', {
                date: formatDate(submission.submitted_at, i18n.language),
              })}
            </Text>
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
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            color="red"
            leftSection={<IconCircleX size={16} aria-hidden />}
            onClick={onDecline}
            disabled={busy}
            aria-label={t('metricSubmissions.declineLabel', { platform, line })}
          >
            {t('metricSubmissions.decline')}
          </Button>
          <Button
            color="teal"
            leftSection={<IconCircleCheck size={16} aria-hidden />}
            onClick={onApprove}
            loading={busy}
            aria-label={t('metricSubmissions.approveLabel', { platform, line })}
          >
            {t('metricSubmissions.approve')}
          </Button>
        </Group>
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
  const errorMessage = useApiErrorMessage();
  const submissions = useAdminMetricSubmissions();
  const decide = useDecideMetricSubmission();
  const [declining, setDeclining] = useState<AdminMetricSubmission | null>(null);
  const [approvingId, setApprovingId] = useState<number | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  // The card decided on leaves the list: keyboard focus goes to the list, not to nowhere.
  const focusList = () => requestAnimationFrame(() => listRef.current?.focus());

  const send = async (submission: AdminMetricSubmission, reason: string | null) => {
    try {
      await decide.mutateAsync({
        submissionId: submission.submission_id,
        body: reason === null ? { decision: 'approve' } : { decision: 'decline', reason },
      });
      toasts.show({
        color: 'teal',
        message:
          reason === null
            ? t('metricSubmissions.doneApproved')
            : t('metricSubmissions.doneDeclined'),
      });
    } catch (error) {
      toasts.show({ color: 'red', message: errorMessage(error) });
    }
  };

  const approve = async (submission: AdminMetricSubmission) => {
    setApprovingId(submission.submission_id);
    await send(submission, null);
    setApprovingId(null);
    focusList();
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('metricSubmissions.title')}</Title>
        <Text c="dimmed">{t('metricSubmissions.intro')}</Text>
      </div>
      <AdminQueue
        query={submissions}
        items={submissions.data?.pages.flatMap((page) => page.data) ?? []}
        listRef={listRef}
        listLabel={t('metricSubmissions.listLabel')}
        texts={{ loading: t('loading'), retry: t('retry'), loadMore: t('loadMore') }}
        empty={{
          icon: <IconCircleCheck size={28} aria-hidden />,
          title: t('metricSubmissions.empty.title'),
          body: t('metricSubmissions.empty.body'),
        }}
        itemKey={(submission) => submission.submission_id}
        renderItem={(submission) => (
          <SubmissionCard
            submission={submission}
            busy={approvingId === submission.submission_id}
            onApprove={() => void approve(submission)}
            onDecline={() => setDeclining(submission)}
          />
        )}
      />
      <ReasonModal
        // Each submission starts with an empty reason.
        key={declining?.submission_id ?? 'closed'}
        opened={declining !== null}
        title={t('metricSubmissions.declineTitle')}
        description={t('metricSubmissions.declineBody')}
        label={t('reason.label')}
        required
        readersHint={t('metricSubmissions.reasonReaders')}
        confirmLabel={t('metricSubmissions.declineConfirm')}
        confirmColor="red"
        pending={decide.isPending}
        onClose={() => setDeclining(null)}
        onConfirm={(reason) => {
          const submission = declining;
          if (!submission) return;
          void send(submission, reason).then(() => {
            setDeclining(null);
            focusList();
          });
        }}
      />
    </Stack>
  );
}

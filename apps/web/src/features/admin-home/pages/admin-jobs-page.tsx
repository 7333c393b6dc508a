import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { AdminQueue } from '../../../components/admin-queue';
import { IconCircleCheck, IconRefresh } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatDate } from '../../../lib/format';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { type FailedJob, useFailedJobs, useRetryFailedJob } from '../api/get-failed-jobs';

/** The queue a dead letter came from (`mail-send-dead` → `mail-send`). */
const queueOf = (job: FailedJob) => job.queue.replace(/-dead$/, '');

const dateTimeOf = (iso: string, language: string) =>
  `${formatDate(iso, language)} ${new Date(iso).toISOString().slice(11, 16)} UTC`;

function JobCard({ job, busy, onRetry }: { job: FailedJob; busy: boolean; onRetry: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const titleId = useId();
  const errorId = useId();
  const when = dateTimeOf(job.failed_at, i18n.language);
  return (
    <Card component="article" withBorder padding="lg" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id={titleId}>
              <bdi dir="ltr">{queueOf(job)}</bdi>
            </Title>
            <Text size="sm" c="dimmed">
              {t('jobs.failedAt', { date: when })}
            </Text>
          </div>
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onRetry}
            loading={busy}
            aria-label={t('jobs.retryLabel', { queue: queueOf(job), date: when })}
          >
            {t('jobs.retry')}
          </Button>
        </Group>
        <div>
          <Text size="sm" fw={500} id={errorId}>
            {t('jobs.errorLabel')}
          </Text>
          {job.error ? (
            <Code
              block
              dir="ltr"
              aria-labelledby={errorId}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {job.error}
            </Code>
          ) : (
            <Text size="sm" c="dimmed">
              {t('jobs.noError')}
            </Text>
          )}
        </div>
      </Stack>
    </Card>
  );
}

/**
 * `/admin/jobs` (ADMIN): background jobs (e-mails, notifications, reminders, video processing)
 * that failed after all their retries, newest first, each with its error; once its cause is
 * fixed, "Run again" sends it back to its queue.
 */
export default function AdminJobsPage() {
  const { t } = useTranslation('admin');
  const errorMessage = useApiErrorMessage();
  const jobs = useFailedJobs();
  const retry = useRetryFailedJob();
  const [retryingId, setRetryingId] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const run = async (job: FailedJob) => {
    setRetryingId(job.id);
    try {
      await retry.mutateAsync(job.id);
      toasts.show({ color: 'teal', message: t('jobs.retried', { queue: queueOf(job) }) });
    } catch (error) {
      toasts.show(
        error instanceof ApiError && error.code === 'NOT_FOUND'
          ? { color: 'orange', message: t('jobs.gone') }
          : { color: 'red', message: errorMessage(error) },
      );
    } finally {
      setRetryingId(null);
      // The card leaves the list: keyboard focus goes to the list, not to nowhere.
      requestAnimationFrame(() => listRef.current?.focus());
    }
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('jobs.title')}</Title>
        <Text c="dimmed">{t('jobs.intro')}</Text>
      </div>
      <AdminQueue
        query={{ ...jobs, hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => {} }}
        items={jobs.data ?? []}
        listRef={listRef}
        listLabel={t('jobs.listLabel')}
        texts={{ loading: t('jobs.loading'), retry: t('jobs.tryAgain'), loadMore: '' }}
        empty={{
          icon: <IconCircleCheck size={28} aria-hidden />,
          title: t('jobs.empty.title'),
          body: t('jobs.empty.body'),
        }}
        itemKey={(job) => job.id}
        renderItem={(job) => (
          <JobCard job={job} busy={retryingId === job.id} onRetry={() => void run(job)} />
        )}
      />
    </Stack>
  );
}

import type { PerformanceDetail, PerformanceView } from '@clipmarket/contracts/performance';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { BackIcon } from '../../../components/back-icon';
import { CampaignReportButton } from '../../../components/campaign-report-button';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { routeNotFound } from '../../../lib/route-not-found';
import { useTranslation } from '../../../lib/use-translation';
import { usePerformance, type PerformanceSubject } from '../api/performance';
import { campaignPerformancePath, DASHBOARD_PATH } from '../paths';
import { FiguresOverTime } from './figures-over-time';
import { HeadlineCards } from './headline-cards';
import { VideosTable } from './videos-table';

const views: readonly PerformanceView[] = ['mixed', 'request', 'opportunity'];

/** A campaign's three pages: both kinds of items, its requests, its opportunities. */
function CampaignViews({ campaignId, current }: { campaignId: number; current: PerformanceView }) {
  const { t } = useTranslation('performance');
  return (
    <Group gap="xs" component="nav" aria-label={t('views.label')}>
      {views.map((view) => (
        <Button
          key={view}
          component={Link}
          to={campaignPerformancePath(campaignId, view)}
          size="xs"
          variant={view === current ? 'filled' : 'default'}
          aria-current={view === current ? 'page' : undefined}
        >
          {t(`views.${view}`)}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The performance of a request, an opportunity or a campaign: its headline figures (the goal's
 * first), the figures over time with their table, and one row per published video.
 */
export function PerformanceDetailPage({ subject }: { subject: PerformanceSubject | null }) {
  const { t } = useTranslation('performance');
  const performance = usePerformance(subject ?? { kind: 'content-request', id: 0 });
  if (subject === null) throw routeNotFound();
  if (performance.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (performance.isError) {
    if (performance.error instanceof ApiError && performance.error.status === 404) {
      throw routeNotFound();
    }
    return (
      <LoadErrorAlert
        error={performance.error}
        message={t('loadError')}
        onRetry={() => void performance.refetch()}
      />
    );
  }
  return <DetailView detail={performance.data} />;
}

/** What the page's CSV files are named after: `campaign-12`, `campaign-12-requests`, `CR-000010`. */
function csvBaseOf(subject: PerformanceDetail['subject']): string {
  if (subject.kind !== 'campaign') return subject.reference ?? `${subject.kind}-${subject.id}`;
  const view = subject.view ?? 'mixed';
  return view === 'mixed' ? `campaign-${subject.id}` : `campaign-${subject.id}-${view}s`;
}

function DetailView({ detail }: { detail: PerformanceDetail }) {
  const { t } = useTranslation(['performance', 'campaigns']);
  const { subject, totals } = detail;
  const csvBase = csvBaseOf(subject);
  const back =
    subject.kind === 'campaign'
      ? { to: `/campaign/${subject.id}`, label: t('backToCampaign') }
      : { to: DASHBOARD_PATH, label: t('backToDashboard') };
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={back.to} size="sm">
        <Group gap={4} component="span">
          <BackIcon />
          {back.label}
        </Group>
      </Anchor>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t(`kinds.${subject.kind}`)}
          {subject.reference && (
            <>
              {' · '}
              <span dir="ltr">{subject.reference}</span>
            </>
          )}
          {detail.headline.goal && ` · ${t(`campaigns:goals.${detail.headline.goal}`)}`}
        </Text>
        <Title order={1}>{t('detailTitle', { title: subject.title || t('untitled') })}</Title>
      </Stack>
      {subject.kind === 'campaign' && (
        <Group justify="space-between" wrap="wrap">
          {subject.view && <CampaignViews campaignId={subject.id} current={subject.view} />}
          <CampaignReportButton campaignId={subject.id} />
        </Group>
      )}
      <HeadlineCards headline={detail.headline.figures} totals={totals} />
      {totals.published === 0 ? (
        <Alert color="gray" title={t('empty.noVideoTitle')}>
          {t('empty.noVideo')}
        </Alert>
      ) : (
        <>
          {totals.with_figures === 0 && (
            <Alert color="blue" title={t('empty.notReadTitle')}>
              {t('empty.notRead')}
            </Alert>
          )}
          <FiguresOverTime series={detail.series} csvFilename={`${csvBase}-over-time.csv`} />
          <VideosTable videos={detail.videos} csvFilename={`${csvBase}-videos.csv`} />
        </>
      )}
    </Stack>
  );
}

import type { SharedCampaign } from '@clipmarket/contracts/campaign-sharing';
import { Badge, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'wouter';
import { FiguresOverTime } from '../../../components/figures-over-time';
import { IconLink } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { isShareToken, useSharedReport } from '../api/shared-report';
import { ReportFrame } from '../components/report-frame';
import { ReportTotals } from '../components/report-totals';
import { ReportVideos } from '../components/report-videos';

const phaseColor = { upcoming: 'blue', running: 'teal', ended: 'gray' } as const;

/** A calendar day (`YYYY-MM-DD`) in the reader's language, read at noon so no zone moves it. */
const formatDay = (day: string, language: string) => formatDate(`${day}T12:00:00`, language);

/** A name of unknown direction inside a sentence (U+2068 … U+2069): "شاركه ⁨Délice⁩". */
const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * Spec §2 `/campaigns/{redirection}`: a campaign's public report, opened from the link its
 * advertiser shared (issue 24 §4). No sign-in, no navigation, no call on behalf of an account;
 * figures with their source and age, never money. A revoked or unknown link says so.
 */
export default function SharedReportPage() {
  const { t } = useTranslation('shared-report');
  const token = useParams<{ token: string }>().token ?? '';
  const report = useSharedReport(token);

  const isGone =
    !isShareToken(token) ||
    (report.isError && report.error instanceof ApiError && report.error.status === 404);
  if (isGone) return <ReportGone />;
  if (report.isPending) {
    return (
      <ReportFrame>
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      </ReportFrame>
    );
  }
  if (report.isError) {
    return (
      <ReportFrame>
        <LoadErrorAlert
          error={report.error}
          message={t('loadError')}
          onRetry={() => void report.refetch()}
        />
      </ReportFrame>
    );
  }
  return <ReportView report={report.data} />;
}

function ReportView({ report }: { report: SharedCampaign }) {
  const { t, i18n } = useTranslation('shared-report');
  const language = i18n.language;
  const { campaign } = report;
  useDocumentTitle(t('documentTitle', { name: campaign.name }));
  return (
    <ReportFrame>
      <Stack gap="xs">
        <Text size="sm" c="dimmed" fw={600}>
          {t('kicker')}
        </Text>
        <Title order={1} dir="auto">
          {campaign.name}
        </Title>
        {campaign.brand_name && (
          <Text fw={500}>{t('sharedBy', { brand: isolated(campaign.brand_name) })}</Text>
        )}
        <Group gap="xs">
          <Badge color={phaseColor[campaign.phase]} variant="light">
            {t(`phases.${campaign.phase}`)}
          </Badge>
          <Badge color="grape" variant="light">
            {t('goal', { goal: t(`goals.${campaign.goal}`) })}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('dates', {
            start: formatDay(campaign.starts_on, language),
            end: formatDay(campaign.ends_on, language),
          })}
        </Text>
        <Text size="sm">{t('intro')}</Text>
      </Stack>
      <ReportTotals totals={report.totals} />
      <FiguresOverTime series={report.series} namespace="shared-report" />
      <ReportVideos videos={report.videos} />
      <Text size="xs" c="dimmed" component="footer">
        {t('footer')} {t('noMoney')}
      </Text>
    </ReportFrame>
  );
}

/** An unknown or revoked link: said plainly, in the visitor's language, without the app's menus. */
function ReportGone() {
  const { t } = useTranslation('shared-report');
  useDocumentTitle(t('gone.documentTitle'));
  return (
    <ReportFrame>
      <Center mih="50vh">
        <Stack align="center" gap="md" maw={480} ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
            <IconLink size={36} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t('gone.title')}
          </Title>
          <Text c="dimmed">{t('gone.body')}</Text>
        </Stack>
      </Center>
    </ReportFrame>
  );
}

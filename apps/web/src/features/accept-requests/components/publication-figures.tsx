import type { LabelledFiguresDto } from '@clipmarket/contracts/publication-metrics';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Input,
  Loader,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { IconExternalLink, IconPhoto } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatDate, formatNumber } from '../../../lib/format';
import { intlLocale } from '../../../lib/i18n';
import { useRealtimeEvent } from '../../../lib/realtime';
import { CREATOR_HOME } from '../../../lib/roles';
import { toasts } from '../../../lib/toasts';
import { uploadFile } from '../../../lib/upload';
import { useTranslation } from '../../../lib/use-translation';
import {
  type FiguresBody,
  type LineLinkMetrics,
  type MetricWindow,
  lineMetricsQueryKey,
  submittableWindows,
  useLineMetrics,
  useSubmitFigures,
} from '../api/line-metrics';

const metricNames = ['views', 'reach', 'likes', 'comments', 'shares', 'saves'] as const;
type MetricName = (typeof metricNames)[number];
const scheduledWindows = ['24h', '72h', '7d', '30d'] as const;
const windowHours: Record<(typeof scheduledWindows)[number], number> = {
  '24h': 24,
  '72h': 72,
  '7d': 168,
  '30d': 720,
};

/** "3 hours ago", "yesterday", in the interface language with Latin digits. */
function ageOf(readAt: string, language: string, now = Date.now()): string {
  const minutes = Math.round((new Date(readAt).getTime() - now) / 60_000);
  const format = new Intl.RelativeTimeFormat(intlLocale(language), {
    numeric: 'auto',
    numberingSystem: 'latn',
  } as Intl.RelativeTimeFormatOptions);
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  if (Math.abs(minutes) < 48 * 60) return format.format(Math.round(minutes / 60), 'hour');
  return format.format(Math.round(minutes / 1440), 'day');
}

/** The window a creator most likely has figures for: the last one reached without figures. */
function suggestedWindow(link: LineLinkMetrics, now = Date.now()): MetricWindow {
  const hoursSince = (now - new Date(link.approved_at).getTime()) / 3_600_000;
  const reached = scheduledWindows.filter((window) => windowHours[window] <= hoursSince);
  return reached.reverse().find((window) => link.windows[window] === null) ?? 'latest';
}

function FiguresGrid({ figures }: { figures: LabelledFiguresDto }) {
  const { t, i18n } = useTranslation('publication-metrics');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" component="dl" m={0}>
      {metricNames
        .filter((name) => figures[name] !== null)
        .map((name) => (
          <div key={name}>
            <Text component="dt" size="xs" c="dimmed">
              {t(`figures.metrics.${name}`)}
            </Text>
            <Text component="dd" m={0} fw={600}>
              {formatNumber(figures[name]!, i18n.language)}
            </Text>
          </div>
        ))}
    </SimpleGrid>
  );
}

/** Where the figures come from and how old they are ("Read from TikTok · read 3 hours ago"). */
function SourceLine({ figures }: { figures: LabelledFiguresDto }) {
  const { t, i18n } = useTranslation('publication-metrics');
  const parts = [
    t(`figures.source.${figures.source}`),
    figures.checked === null ? null : t(figures.checked ? 'figures.checked' : 'figures.unchecked'),
    t('figures.readAge', { age: ageOf(figures.read_at, i18n.language) }),
  ].filter(Boolean);
  return (
    <Text size="sm" c="dimmed">
      {parts.join(' · ')}
    </Text>
  );
}

function WindowsTable({ link }: { link: LineLinkMetrics }) {
  const { t, i18n } = useTranslation('publication-metrics');
  const rows = scheduledWindows.filter((window) => link.windows[window] !== null);
  if (rows.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withTableBorder>
        <Table.Caption>{t('figures.byWindow')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('figures.windowHeader')}</Table.Th>
            {metricNames.map((name) => (
              <Table.Th scope="col" key={name}>
                {t(`figures.metrics.${name}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((window) => {
            const figures = link.windows[window]!;
            return (
              <Table.Tr key={window}>
                <Table.Th scope="row">{t(`figures.windows.${window}`)}</Table.Th>
                {metricNames.map((name) => (
                  <Table.Td key={name}>
                    {figures[name] === null ? '—' : formatNumber(figures[name], i18n.language)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type Counts = Record<MetricName, string>;
const emptyCounts: Counts = {
  views: '',
  reach: '',
  likes: '',
  comments: '',
  shares: '',
  saves: '',
};
/** A typed count: a whole number, 0 or more; NaN for anything else. */
const countOf = (typed: string) => (/^\d{1,10}$/.test(typed.trim()) ? Number(typed) : Number.NaN);

function SubmitFiguresForm({ lineId, link }: { lineId: number; link: LineLinkMetrics }) {
  const { t } = useTranslation('publication-metrics');
  const errorMessage = useApiErrorMessage();
  const submit = useSubmitFigures(lineId);
  const formId = useId();
  const platform = t(`platforms.${link.platform}`);
  const [window, setWindow] = useState<MetricWindow>(() => suggestedWindow(link));
  const [counts, setCounts] = useState<Counts>(emptyCounts);
  const [screenshot, setScreenshot] = useState<{ fileId: number; name: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<MetricName | 'screenshot', string>>>({});

  const upload = async (file: File | null) => {
    if (!file) return;
    setProgress(0);
    setErrors((previous) => ({ ...previous, screenshot: undefined }));
    try {
      const efile = await uploadFile(file, 'metric_screenshot', setProgress);
      setScreenshot({ fileId: efile.file_id, name: efile.original_name ?? file.name });
    } catch (failure) {
      setErrors((previous) => ({
        ...previous,
        screenshot:
          failure instanceof ApiError ? errorMessage(failure) : t('form.errors.screenshot'),
      }));
    } finally {
      setProgress(null);
    }
  };

  const send = async () => {
    const found: typeof errors = {};
    for (const name of metricNames) {
      if (name === 'reach' && counts.reach.trim() === '') continue;
      if (Number.isNaN(countOf(counts[name]))) found[name] = t('form.errors.whole');
    }
    if (!screenshot) found.screenshot = t('form.errors.screenshot');
    setErrors(found);
    if (Object.keys(found).length > 0 || !screenshot) return;
    const body: FiguresBody = {
      window,
      views: countOf(counts.views),
      reach: counts.reach.trim() === '' ? null : countOf(counts.reach),
      likes: countOf(counts.likes),
      comments: countOf(counts.comments),
      shares: countOf(counts.shares),
      saves: countOf(counts.saves),
      screenshot_file_id: screenshot.fileId,
    };
    try {
      await submit.mutateAsync({ linkId: link.link_id, body });
      toasts.show({ color: 'teal', message: t('form.sent') });
      setCounts(emptyCounts);
      setScreenshot(null);
    } catch (error) {
      toasts.show({ color: 'red', message: errorMessage(error) });
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      aria-labelledby={formId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Stack gap="sm">
        <Title order={4} size="h5" id={formId}>
          {t('form.title')}
        </Title>
        <Text size="sm">{t('form.intro', { platform })}</Text>
        <NativeSelect
          label={t('form.window')}
          value={window}
          onChange={(event) => setWindow(event.currentTarget.value as MetricWindow)}
          data={submittableWindows.map((value) => ({
            value,
            label: t(`figures.windows.${value}`),
          }))}
          maw={280}
        />
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
          {metricNames.map((name) => (
            <TextInput
              key={name}
              label={name === 'reach' ? t('form.reach') : t(`figures.metrics.${name}`)}
              value={counts[name]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setCounts((previous) => ({ ...previous, [name]: value }));
                setErrors((previous) => ({ ...previous, [name]: undefined }));
              }}
              error={errors[name]}
              inputMode="numeric"
              dir="ltr"
              required={name !== 'reach'}
            />
          ))}
        </SimpleGrid>
        <Input.Wrapper
          label={t('form.screenshot')}
          description={t('form.screenshotHint')}
          error={errors.screenshot}
          required
        >
          <Group gap="sm" mt={4}>
            <FileButton onChange={(file) => void upload(file)} accept="image/*">
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="sm"
                  leftSection={<IconPhoto size={16} aria-hidden />}
                  disabled={progress !== null}
                >
                  {t('form.screenshotPlaceholder')}
                </Button>
              )}
            </FileButton>
            {screenshot && (
              <Text size="sm" dir="auto">
                {screenshot.name}
              </Text>
            )}
          </Group>
        </Input.Wrapper>
        {progress !== null && (
          <Progress
            value={progress}
            maw={240}
            size="sm"
            aria-label={t('form.uploading', { percent: progress })}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={submit.isPending} disabled={progress !== null}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function LinkFigures({ lineId, link }: { lineId: number; link: LineLinkMetrics }) {
  const { t, i18n } = useTranslation('publication-metrics');
  const titleId = useId();
  const platform = t(`platforms.${link.platform}`);
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={3} size="h5" id={titleId}>
            {t('figures.postLabel', { platform })}
          </Title>
          <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              {t('figures.openPost')}
              <IconExternalLink size={14} aria-hidden />
              <VisuallyHidden>{t('figures.opensInNewTab')}</VisuallyHidden>
            </Group>
          </Anchor>
        </Group>
        {link.latest ? (
          <Stack gap={6}>
            <Text fw={600} size="sm">
              {t('figures.latest')}
            </Text>
            <SourceLine figures={link.latest} />
            {link.latest.post_deleted ? (
              <Text size="sm" c="orange.8">
                {t('figures.postDeleted')}
              </Text>
            ) : (
              <FiguresGrid figures={link.latest} />
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {link.can_submit ? t('figures.none') : t('figures.noneConnected')}
          </Text>
        )}
        <WindowsTable link={link} />
        {link.submissions.length > 0 && (
          <Stack gap={6}>
            <Text fw={600} size="sm">
              {t('submissions.title')}
            </Text>
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {link.submissions.map((submission) => (
                <li key={submission.submission_id}>
                  <Group gap="xs" wrap="wrap">
                    <Badge
                      variant="light"
                      color={
                        submission.state === 'approved'
                          ? 'teal'
                          : submission.state === 'declined'
                            ? 'red'
                            : 'yellow'
                      }
                    >
                      {t(`submissions.state.${submission.state}`)}
                    </Badge>
                    <Text size="sm">
                      {t('submissions.sent', {
                        window: t(`figures.windows.${submission.window}`),
                        date: formatDate(submission.submitted_at, i18n.language),
                      })}
                    </Text>
                  </Group>
                  {submission.reason && (
                    <Text size="sm" c="red.8" dir="auto">
                      {t('submissions.reason', { reason: submission.reason })}
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
          </Stack>
        )}
        {link.can_submit && (
          <>
            <Alert color="blue" variant="light">
              <Text size="sm">
                {t('figures.connectHint', { platform })}{' '}
                {/* The alert's own text colour: the link's violet on its blue is under 4.5:1. */}
                <Anchor component={Link} to={CREATOR_HOME} size="sm" c="inherit" underline="always">
                  {t('figures.goToShowcase')}
                </Anchor>
              </Text>
            </Alert>
            <SubmitFiguresForm lineId={lineId} link={link} />
          </>
        )}
      </Stack>
    </Card>
  );
}

/**
 * "Figures" on the creator's page of a line whose links the team approved (issue 24 §2): per
 * post, the latest figures with their source and age and those of each window; where no
 * account of the platform is connected, the form to submit them with an insights screenshot
 * (private to the creator and the team) and the state of what was sent.
 */
export function PublicationFigures({ lineId }: { lineId: number }) {
  const { t } = useTranslation('publication-metrics');
  const headingId = useId();
  const metrics = useLineMetrics(lineId);
  const queryClient = useQueryClient();
  // The team's check arrives as a notification: the submissions' states are read again.
  useRealtimeEvent('new_notification', () => {
    void queryClient.invalidateQueries({ queryKey: lineMetricsQueryKey(lineId) });
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('figures.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('figures.intro')}
        </Text>
        {metrics.isPending ? (
          <Loader size="sm" aria-label={t('figures.loading')} />
        ) : metrics.isError ? (
          <Alert color="red" role="alert">
            <Group justify="space-between">
              {t('figures.loadError')}
              <Button size="xs" variant="light" onClick={() => void metrics.refetch()}>
                {t('figures.retry')}
              </Button>
            </Group>
          </Alert>
        ) : (
          metrics.data.links.map((link) => (
            <LinkFigures key={link.link_id} lineId={lineId} link={link} />
          ))
        )}
      </Stack>
    </Paper>
  );
}

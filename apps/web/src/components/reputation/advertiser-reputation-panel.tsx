import type { AdvertiserReputation } from '@clipmarket/contracts/reputation';
import { Paper, Text } from '@mantine/core';
import { Suspense } from 'react';
import { formatNumber } from '../../lib/format';
import { useAdvertiserReputation } from '../../lib/reputation';
import { useTranslation } from '../../lib/use-translation';
import { durationText, hundredthsText, percentText, rateText } from './reputation-format';

/** The advertiser's measured figures as one sentence's parts; empty when there is no history. */
export function useAdvertiserFigureTexts(figures: AdvertiserReputation): string[] {
  const { t, i18n } = useTranslation('reputation');
  const language = i18n.language;
  const parts: string[] = [];
  if (figures.median_hours_to_answer_application !== null) {
    parts.push(
      t('advertiser.answers', {
        time: durationText(t, figures.median_hours_to_answer_application, language),
      }),
    );
  }
  if (figures.unanswered_application_rate !== null) {
    parts.push(
      t('advertiser.unanswered', {
        percent: percentText(figures.unanswered_application_rate, language),
      }),
    );
  }
  if (figures.median_hours_to_review !== null) {
    parts.push(
      t('advertiser.reviews', { time: durationText(t, figures.median_hours_to_review, language) }),
    );
  }
  if (figures.paid_on_time_rate !== null) {
    parts.push(t('advertiser.paysOnTime', { rate: rateText(figures.paid_on_time_rate, language) }));
  }
  if (figures.revisions_per_video_hundredths !== null) {
    parts.push(
      t('advertiser.revisions', {
        count: figures.revisions_per_video_hundredths / 100,
        value: hundredthsText(figures.revisions_per_video_hundredths, language),
      }),
    );
  }
  if (parts.length > 0 || figures.disputes_decided > 0) {
    parts.push(
      t('advertiser.disputesLost', {
        count: figures.disputes_lost,
        value: formatNumber(figures.disputes_lost, language),
      }),
    );
  }
  return parts;
}

/** The figures once loaded: a sentence, or "New on Clipmarket". */
export function AdvertiserReputationView({
  figures,
  compact = false,
}: {
  figures: AdvertiserReputation;
  compact?: boolean;
}) {
  const { t } = useTranslation('reputation');
  const parts = useAdvertiserFigureTexts(figures);
  const sentence = parts.length > 0 ? parts.join(' · ') : t('newOnClipmarket');
  if (compact) {
    return (
      <Text size="xs" c="dimmed" data-testid="advertiser-reputation">
        {sentence}
      </Text>
    );
  }
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={t('advertiser.title')}
      data-testid="advertiser-reputation"
    >
      <Text size="sm" fw={600}>
        {t('advertiser.title')}
      </Text>
      <Text size="sm">{sentence}</Text>
      <Text size="xs" c="dimmed">
        {t('window', { count: figures.window_months })}
      </Text>
    </Paper>
  );
}

function AdvertiserReputationLoader({ userId, compact }: { userId: number; compact?: boolean }) {
  const { data } = useAdvertiserReputation(userId);
  // Loading or failed: the page reads well without it, so nothing is shown meanwhile.
  if (!data) return null;
  return <AdvertiserReputationView figures={data} compact={compact} />;
}

/**
 * How an advertiser works, measured (issue 27 §2), for creators on requests and opportunities:
 * "Answers applications in about 6 h · Reviews deliveries in 1.2 days · …". `compact` for cards.
 */
export function AdvertiserReputationPanel(props: { userId: number; compact?: boolean }) {
  return (
    <Suspense fallback={null}>
      <AdvertiserReputationLoader {...props} />
    </Suspense>
  );
}

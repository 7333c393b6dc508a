import type { Feedback } from '@clipmarket/contracts/content-delivery';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/use-translation';
import { type DeliveryNamespace } from './delivery';
import { formatDeliveryTime } from './format';

const decisionColors = {
  approve: 'teal',
  auto_approve: 'teal',
  debrief: 'orange',
  reject: 'red',
} as const;

/** A 1–5 rating as stars, read out as words. */
export function RatingStars({ rating, ns }: { rating: number; ns: DeliveryNamespace }) {
  const { t } = useTranslation(ns);
  return (
    <Text span c="yellow.8" role="img" aria-label={t('feedback.rating', { rating })}>
      {'★'.repeat(rating)}
      <Text span c="gray.4">
        {'★'.repeat(Math.max(0, 5 - rating))}
      </Text>
    </Text>
  );
}

/**
 * The reviews of a line, newest first: the decision, the spec §3 reasons (translated from their
 * keys), the comment and, for an approval, the rating.
 */
export function FeedbackList({
  feedback,
  ns,
}: {
  feedback: readonly Feedback[];
  ns: DeliveryNamespace;
}) {
  const { t, i18n } = useTranslation(ns);
  const sorted = [...feedback].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {sorted.map((item) => (
        <Paper key={item.created_at} withBorder radius="md" p="sm" component="li">
          <Stack gap={6}>
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Group gap="xs">
                <Badge color={decisionColors[item.decision]} variant="light">
                  {t(`feedback.decision.${item.decision}`)}
                </Badge>
                {item.video_version !== null && (
                  <Text size="sm" c="dimmed">
                    {t('videos.version', { version: item.video_version })}
                  </Text>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {formatDeliveryTime(item.created_at, i18n.language)}
              </Text>
            </Group>
            {item.rating !== null && <RatingStars rating={item.rating} ns={ns} />}
            {item.feedback_reasons.length > 0 && (
              <Group gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {item.feedback_reasons.map((reason) => (
                  <Badge key={reason} component="li" variant="outline" color="gray" tt="none">
                    {t(`reasons.${reason}`, { defaultValue: reason })}
                  </Badge>
                ))}
              </Group>
            )}
            {item.comment && (
              <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
                {item.comment}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

import type { OpportunityCard } from '@clipmarket/contracts/opportunities';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { IconClock } from '../../../components/icons';
import { useTranslation } from '../../../lib/use-translation';
import { ApplicationLabelBadge, OpportunityLabelBadge } from './status-badges';

/** "Usually answers within 5 hours / 2 days": hours under two days, whole days after. */
export function useAnswerTime() {
  const { t } = useTranslation('discover-opportunities');
  return (hours: number) =>
    hours < 48
      ? t('card.answersWithinHours', { count: Math.max(1, Math.round(hours)) })
      : t('card.answersWithinDays', { count: Math.round(hours / 24) });
}

/**
 * The top of an opportunity's card: reference, advertiser and how fast they answer, the title
 * (a link in the list, the page's heading on its own page), and the caller's labels.
 */
export function OpportunityHeader({
  card,
  titleId,
  headingOrder,
  to,
}: {
  card: OpportunityCard;
  titleId: string;
  headingOrder: 1 | 2;
  /** The title links there (the list's cards). */
  to?: string;
}) {
  const { t } = useTranslation('discover-opportunities');
  const answerTime = useAnswerTime();
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
        <Text size="xs" c="dimmed">
          {t('common.reference', { reference: card.reference })}
          {' · '}
          {t('card.from', { name: card.advertiser.name })}
        </Text>
        <Title order={headingOrder} size={headingOrder === 1 ? 'h2' : 'h4'} id={titleId} dir="auto">
          {to ? (
            <Anchor component={Link} to={to} inherit c="inherit">
              {card.title}
            </Anchor>
          ) : (
            card.title
          )}
        </Title>
        {card.advertiser.median_answer_hours !== null && (
          <Group gap={4} wrap="nowrap">
            <IconClock size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              {answerTime(card.advertiser.median_answer_hours)}
            </Text>
          </Group>
        )}
      </Stack>
      <Group gap={6}>
        {card.label && <OpportunityLabelBadge label={card.label} />}
        {card.application && <ApplicationLabelBadge label={card.application.label} />}
      </Group>
    </Group>
  );
}

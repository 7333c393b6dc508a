import type { LineDispute } from '@clipmarket/contracts/content-delivery';
import { Badge, Blockquote, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/use-translation';
import { type DeliveryNamespace } from './delivery';
import { formatDeliveryTime } from './format';

const outcomeColors = { waiting: 'orange', for_creator: 'teal', for_advertiser: 'gray' } as const;

/**
 * A creator's dispute of a rejection as either party reads it: the creator's words, when they
 * were sent, and the team's decision (with its reason) once taken. Each screen words it from
 * its side (`disputeSummary.*` of its namespace); an opportunity's line speaks of the
 * opportunity, not of a request.
 */
export function DisputeSummary({
  dispute,
  ns,
  isOpportunity = false,
}: {
  dispute: LineDispute;
  ns: DeliveryNamespace;
  isOpportunity?: boolean;
}) {
  const { t, i18n } = useTranslation(ns);
  const outcome = dispute.outcome ?? 'waiting';
  return (
    <Stack gap="xs">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('disputeSummary.sentOn', {
            date: formatDeliveryTime(dispute.opened_at, i18n.language),
          })}
        </Text>
        <Badge color={outcomeColors[outcome]} variant="light">
          {t(`disputeSummary.status.${outcome}`)}
        </Badge>
      </Group>
      <Blockquote p="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {dispute.reason ?? t('disputeSummary.noReason')}
      </Blockquote>
      <Text size="sm">
        {isOpportunity && outcome === 'for_advertiser'
          ? t('disputeSummary.opportunityClosed')
          : t(`disputeSummary.outcome.${outcome}`)}
      </Text>
      {dispute.decision_reason && (
        <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
          {t('disputeSummary.decisionReason', { reason: dispute.decision_reason })}
        </Text>
      )}
    </Stack>
  );
}

import type { Opportunity, OpportunityWithCounts } from '@clipmarket/contracts/opportunities';
import type { OpportunityState } from '@clipmarket/contracts/workflows/opportunity';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'wouter';
import { IconPencil, IconTrash } from '../../../components/icons';
import { formatDate, formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { opportunityPath } from '../paths';

const stateColors: Record<OpportunityState, string> = {
  draft: 'gray',
  published: 'blue',
  live: 'teal',
  ongoing: 'violet',
  completed: 'green',
  expired: 'gray',
  closed: 'gray',
  discarded: 'gray',
};

/** An opportunity's state in words; the colour only repeats it. */
export function OpportunityStateBadge({ state }: { state: OpportunityState }) {
  const { t } = useTranslation('publish-opportunity');
  return (
    <Badge color={stateColors[state]} variant="light">
      {t(`states.${state}`)}
    </Badge>
  );
}

/** The price band per video, or that there is none yet. */
export function PriceBand({ opportunity }: { opportunity: Opportunity }) {
  const { t, i18n } = useTranslation('publish-opportunity');
  const { price_min: min, price_max: max } = opportunity;
  if (min === null || max === null) return <>{t('list.noPrice')}</>;
  return (
    <>
      {t('list.priceBand', {
        min: formatMoney(min, i18n.language),
        max: formatMoney(max, i18n.language),
      })}
    </>
  );
}

/**
 * A published opportunity on the advertiser's list: its reference, state, price band,
 * application deadline, spots left, and how many creators showed interest, applied, and wait
 * for an answer, with the ways to their applications and interests.
 */
export function OpportunityCard({ opportunity }: { opportunity: OpportunityWithCounts }) {
  const { t, i18n } = useTranslation('publish-opportunity');
  const headingId = useId();
  const title = opportunity.title || t('common.untitled');
  const path = opportunityPath(opportunity.content_opportunity_id);
  const { counts } = opportunity;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {opportunity.reference}
            </Text>
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
          </Stack>
          <OpportunityStateBadge state={opportunity.state} />
        </Group>
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            <PriceBand opportunity={opportunity} />
          </Text>
          <Text size="sm">
            {opportunity.application_deadline
              ? t('list.deadline', {
                  date: formatDate(opportunity.application_deadline, i18n.language),
                })
              : t('list.noDeadline')}
          </Text>
          {opportunity.spots !== null && (
            <Text size="sm">
              {t('list.spotsLeft', {
                left: Math.max(0, opportunity.spots - opportunity.spots_taken),
                spots: opportunity.spots,
              })}
            </Text>
          )}
        </Group>
        <Group gap="lg" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('list.interests', { count: counts.interests })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('list.applications', { count: counts.applications })}
          </Text>
          <Text size="sm" fw={counts.to_review > 0 ? 700 : undefined}>
            {t('list.toReview', { count: counts.to_review })}
          </Text>
        </Group>
        <Group gap="xs">
          <Button
            component={Link}
            to={`${path}/applications`}
            size="sm"
            variant="light"
            aria-label={t('list.viewApplicationsLabel', { title })}
          >
            {t('list.viewApplications')}
          </Button>
          <Button
            component={Link}
            to={`${path}/interests`}
            size="sm"
            variant="default"
            aria-label={t('list.viewInterestsLabel', { title })}
          >
            {t('list.viewInterests')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A draft: what it is so far, continue writing it, or delete it. */
export function DraftCard({
  opportunity,
  onDelete,
}: {
  opportunity: Opportunity;
  onDelete: (opportunity: Opportunity) => void;
}) {
  const { t, i18n } = useTranslation('publish-opportunity');
  const headingId = useId();
  const title = opportunity.title || t('common.untitled');
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {opportunity.reference}
          </Text>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('list.draftUpdated', { date: formatDate(opportunity.updated_at, i18n.language) })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={opportunityPath(opportunity.content_opportunity_id)}
            size="sm"
            variant="light"
            leftSection={<IconPencil size={16} aria-hidden />}
            aria-label={t('list.continueLabel', { title })}
          >
            {t('list.continue')}
          </Button>
          <Button
            size="sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-label={t('list.deleteLabel', { title })}
            onClick={() => onDelete(opportunity)}
          >
            {t('list.delete')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

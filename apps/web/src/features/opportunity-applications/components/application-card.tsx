import type { Application } from '@clipmarket/contracts/opportunities';
import { Anchor, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'wouter';
import { FileAvatar } from '../../../components/file-avatar';
import { formatDeliveryTime } from '../../../components/content-delivery/format';
import { CreatorReputationPanel } from '../../../components/reputation/creator-reputation-panel';
import { useTranslation } from '../../../lib/use-translation';
import { creatorPath } from '../paths';
import { ApplicationLabelBadge, applicationFacts } from './application-facts';
import { canDecide, DecisionActions } from './decision-actions';

/**
 * One application as a card: who applied (their public name, city and picture, never their
 * private data), its state, then its facts in the order every card shares, so that cards side
 * by side compare line by line; a box to add it to the comparison, and the answers it awaits.
 */
export function ApplicationCard({
  opportunityId,
  application,
  questions,
  isCompared,
  canCompareMore,
  onCompareChange,
  onDecided,
}: {
  opportunityId: number;
  application: Application;
  questions: readonly string[];
  isCompared: boolean;
  /** False once 4 applications are compared: the others' boxes are disabled. */
  canCompareMore: boolean;
  onCompareChange: (application: Application, compared: boolean) => void;
  onDecided: (application: Application) => void;
}) {
  const { t, i18n } = useTranslation('opportunity-applications');
  const headingId = useId();
  const fullHintId = useId();
  const facts = applicationFacts(application, questions, { t, language: i18n.language });
  const { creator } = application;
  const compareDisabled = !isCompared && !canCompareMore;

  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="md" p="md" h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <FileAvatar fileId={creator.profile_file_id} name={creator.name} size={44} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
                {creator.name}
              </Title>
              {creator.city && (
                <Text size="sm" c="dimmed">
                  {creator.city}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('applications.appliedOn', {
                  date: formatDeliveryTime(application.created_at, i18n.language),
                })}
              </Text>
            </Stack>
          </Group>
          <ApplicationLabelBadge label={application.label} />
        </Group>
        <Stack component="dl" gap="xs" m={0}>
          {facts.map((fact) => (
            <div key={fact.key}>
              <Text component="dt" size="xs" c="dimmed" fw={600}>
                {fact.label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {fact.value}
              </Text>
            </div>
          ))}
        </Stack>
        {/* Issue 27 §2: the creator's measured record. */}
        <CreatorReputationPanel influencerId={creator.influencer_id} compact />
        <Stack gap="xs" mt="auto">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Checkbox
              label={t('applications.compare')}
              aria-label={t('applications.compareName', { name: creator.name })}
              checked={isCompared}
              disabled={compareDisabled}
              aria-describedby={compareDisabled ? fullHintId : undefined}
              onChange={(event) => onCompareChange(application, event.currentTarget.checked)}
            />
            <Anchor component={Link} to={creatorPath(creator.influencer_id)} size="sm">
              {t('applications.profile', { name: creator.name })}
            </Anchor>
          </Group>
          {compareDisabled && (
            <Text size="xs" c="dimmed" id={fullHintId}>
              {t('applications.compareFull')}
            </Text>
          )}
          {canDecide(application) && (
            <DecisionActions
              opportunityId={opportunityId}
              application={application}
              onDecided={onDecided}
            />
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

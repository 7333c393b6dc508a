import type { OpportunityCard as Card } from '@clipmarket/contracts/opportunities';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'wouter';
import { AdvertiserReputationPanel } from '../../../components/reputation/advertiser-reputation-panel';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { applicationPathOf, detailsPathOf, learnMorePathOf } from '../paths';
import { OpportunityFacts } from './opportunity-facts';
import { OpportunityHeader } from './opportunity-header';

/**
 * Spec §3 opportunity card in Discover Opportunities: what is asked, the price band, spots and
 * deadlines, the advertiser, the caller's label or application, and "Learn more".
 */
export function OpportunityCard({ card }: { card: Card }) {
  const { t, i18n } = useTranslation('discover-opportunities');
  const titleId = useId();
  const id = card.content_opportunity_id;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <OpportunityHeader card={card} titleId={titleId} headingOrder={2} to={detailsPathOf(id)} />
        <OpportunityFacts card={card} />
        {/* Issue 27 §2: the advertiser's measured figures, one batched request per list. */}
        <AdvertiserReputationPanel userId={card.advertiser.user_id} compact />
        <Group justify="space-between" wrap="wrap" gap="sm">
          {card.application ? (
            <Text size="sm" c="dimmed">
              {t('card.appliedOn', {
                date: formatDate(card.application.created_at, i18n.language),
              })}
            </Text>
          ) : (
            <span />
          )}
          <Group gap="xs">
            {card.application && (
              <Button
                component={Link}
                to={applicationPathOf(card.application.content_opportunity_influencer_id)}
                variant="default"
                size="sm"
                aria-label={t('card.seeApplicationLabel', { title: card.title })}
              >
                {t('card.seeApplication')}
              </Button>
            )}
            <Button
              component={Link}
              to={learnMorePathOf(id)}
              size="sm"
              variant={card.application ? 'light' : 'filled'}
              aria-label={t('card.learnMoreLabel', { title: card.title })}
            >
              {t('card.learnMore')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

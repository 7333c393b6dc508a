import {
  Anchor,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { IconPlus, IconSpeakerphone } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useTranslation } from '../../../lib/use-translation';
import { useCampaignList } from '../api/campaigns';
import { CampaignFormModal } from '../components/campaign-form-modal';
import { CampaignBadges, CampaignFigures } from '../components/campaign-summary';
import { campaignPath } from '../paths';

/**
 * Campaigns (spec §2 `/campaign`): the advertiser's campaigns, newest first, each with its goal,
 * phase, budget against what it spent and committed, and what it holds; a new one is created in
 * a dialog and opened.
 */
export default function CampaignListPage() {
  const { t } = useTranslation('campaigns');
  const [, navigate] = useLocation();
  const [creating, setCreating] = useState(false);
  const list = useCampaignList();

  const newButton = (variant: 'filled' | 'light') => (
    <Button
      variant={variant}
      leftSection={<IconPlus size={18} aria-hidden />}
      onClick={() => setCreating(true)}
    >
      {t('list.new')}
    </Button>
  );

  let body;
  if (list.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (list.isError) {
    body = (
      <LoadErrorAlert
        error={list.error}
        message={t('common.loadError')}
        onRetry={() => void list.refetch()}
      />
    );
  } else {
    const campaigns = list.data.pages.flatMap((page) => page.data);
    body =
      campaigns.length === 0 ? (
        <EmptyState icon={<IconSpeakerphone size={32} aria-hidden />} variant="light" py="xl">
          <EmptyState.Title order={2}>{t('list.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>{t('list.emptyDescription')}</EmptyState.Description>
          <Group justify="center" mt="md">
            {newButton('light')}
          </Group>
        </EmptyState>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {campaigns.map((campaign) => (
              <Card key={campaign.campaign_id} withBorder padding="lg" component="article">
                <Stack gap="sm">
                  <Title order={2} size="h3">
                    <Anchor component={Link} to={campaignPath(campaign.campaign_id)}>
                      {campaign.name}
                    </Anchor>
                  </Title>
                  <CampaignBadges campaign={campaign} />
                  <CampaignFigures campaign={campaign} />
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          {list.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('list.loadMore')}
              </Button>
            </Group>
          )}
        </Stack>
      );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        {newButton('filled')}
      </Group>
      {body}
      {creating && (
        <CampaignFormModal
          opened
          onClose={() => setCreating(false)}
          onSaved={(campaign) => navigate(campaignPath(campaign.campaign_id))}
        />
      )}
    </Stack>
  );
}

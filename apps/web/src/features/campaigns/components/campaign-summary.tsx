import type { Campaign } from '@clipmarket/contracts/campaigns';
import { Badge, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

const phaseColor = { upcoming: 'blue', running: 'teal', ended: 'gray' } as const;

/** A calendar day (`YYYY-MM-DD`) in the reader's language, read at noon so no zone moves it. */
export const formatDay = (day: string, language: string) => formatDate(`${day}T12:00:00`, language);

/** The campaign's goal, phase and way of finding creators, as badges. */
export function CampaignBadges({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaigns');
  return (
    <Group gap="xs">
      <Badge color={phaseColor[campaign.phase]} variant="light">
        {t(`phases.${campaign.phase}`)}
      </Badge>
      <Badge color="grape" variant="light">
        {t(`goals.${campaign.goal}`)}
      </Badge>
      <Badge color="gray" variant="outline">
        {t(`visibility.${campaign.visibility}`)}
      </Badge>
    </Group>
  );
}

/** The dates, the budget against what was spent and what is committed, and the counts. */
export function CampaignFigures({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language;
  const { budget, spent, committed } = campaign.money;
  const share = (amount: number) => Math.min(100, (amount / budget) * 100);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('figures.dates', {
          start: formatDay(campaign.starts_on, language),
          end: formatDay(campaign.ends_on, language),
        })}
      </Text>
      <Progress.Root size="lg" aria-hidden>
        <Progress.Section value={share(spent)} color="teal" />
        <Progress.Section value={Math.min(share(committed), 100 - share(spent))} color="yellow" />
      </Progress.Root>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Figure label={t('figures.budget')} value={formatMoney(budget, language)} />
        <Figure label={t('figures.spent')} value={formatMoney(spent, language)} />
        <Figure label={t('figures.committed')} value={formatMoney(committed, language)} />
      </SimpleGrid>
      <Text size="sm">
        {t('figures.counts', {
          requests: formatNumber(campaign.counts.content_requests, language),
          opportunities: formatNumber(campaign.counts.opportunities, language),
          deliveries: formatNumber(campaign.counts.deliveries, language),
          published: formatNumber(campaign.counts.published, language),
        })}
      </Text>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {/* An amount reads left to right in Arabic too ("3.000,000 TND"). */}
      <Text fw={600}>
        <span dir="ltr">{value}</span>
      </Text>
    </div>
  );
}

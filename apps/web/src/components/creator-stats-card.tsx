import type { InfluencerStat } from '@clipmarket/contracts/users';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../lib/use-translation';
import { formatDate, formatNumber, formatPercentage } from '../lib/format';
import { IconBrandInstagram, IconBrandTiktok, IconRosetteDiscountCheck } from './icons';

/**
 * Audience figures of one platform, with where they come from and when (spec §3). Shared by
 * the creator's showcase and the advertisers' creator details page.
 */
export function CreatorStatsCard({ stat }: { stat: InfluencerStat }) {
  const { t, i18n } = useTranslation('pages');
  const language = i18n.language;
  const Icon = stat.platform === 'instagram' ? IconBrandInstagram : IconBrandTiktok;
  const figures: { key: string; value: string }[] = [
    { key: 'followers', value: formatNumber(stat.followers_count, language) },
    { key: 'posts', value: formatNumber(stat.posts_count, language) },
    { key: 'avgLikes', value: formatNumber(stat.avg_likes, language) },
    { key: 'avgComments', value: formatNumber(stat.avg_comments, language) },
    { key: 'avgViews', value: formatNumber(stat.avg_video_views, language) },
    { key: 'engagement', value: formatPercentage(stat.engagement_rate, language) },
    { key: 'reached', value: formatNumber(stat.persons_reached, language) },
  ];
  return (
    <Card withBorder padding="lg" component="section" aria-label={t(`platforms.${stat.platform}`)}>
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Icon size={22} aria-hidden />
          <Title order={3} size="h4">
            {t(`platforms.${stat.platform}`)}
          </Title>
          <Badge variant="light">{t(`sizeBands.${stat.size_band}`)}</Badge>
        </Group>
        <Badge
          variant={stat.source === 'verified' ? 'filled' : 'outline'}
          color={stat.source === 'verified' ? 'teal' : 'gray'}
          leftSection={
            stat.source === 'verified' ? <IconRosetteDiscountCheck size={14} aria-hidden /> : null
          }
        >
          {t(`showcase.source.${stat.source}`)}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" component="dl" m={0}>
        {figures.map((figure) => (
          <Stack key={figure.key} gap={0}>
            <Text component="dt" size="xs" c="dimmed">
              {t(`showcase.stats.${figure.key}`)}
            </Text>
            <Text component="dd" fw={700} size="lg" m={0}>
              {figure.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="md">
        {t('showcase.updatedAt', { date: formatDate(stat.updated_at, language) })}
      </Text>
    </Card>
  );
}

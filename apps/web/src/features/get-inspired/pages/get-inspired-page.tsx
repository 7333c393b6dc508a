import {
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { contentTypes } from '@clipmarket/contracts/content-types';
import { useId, useState } from 'react';
import { IconBulb } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useContentTypeLabel } from '../../../lib/content-types';
import { useMe } from '../../../lib/me';
import { useMarkSeen } from '../../../lib/page-seen';
import { useCategories } from '../../../lib/reference-data';
import { isAdvertiser } from '../../../lib/roles';
import { useTranslation } from '../../../lib/use-translation';
import { requestPlatforms, videoDurations } from '../../../lib/video-options';
import { type InspirationFilters, noFilters, useInspirationVideos } from '../api/get-inspired';
import { InspirationCard } from '../components/inspiration-card';

const ANY = 'any';

/**
 * Get inspired (spec §2 `/get-inspired`, issue 25 §3): published videos whose creator and
 * advertiser both allowed showing them, filtered by the creator's category, content type,
 * platform and length; "Load more" pages on with the server's cursor. Advertisers can open
 * the creator's page or start a request with them from each video.
 */
export default function GetInspiredPage() {
  const { t } = useTranslation('get-inspired');
  const me = useMe();
  // Opening the gallery is the creator's Inspire step of Get started (issue 25 §4).
  useMarkSeen('get_inspired');
  const [filters, setFilters] = useState<InspirationFilters>(noFilters);
  const categories = useCategories();
  const contentTypeLabel = useContentTypeLabel();
  const platformLabelId = useId();
  const lengthLabelId = useId();
  const filtered = Object.values(filters).some((value) => value !== null);
  const advertiser = me.data ? isAdvertiser(me.data.role) : false;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('filters.label')}>
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label={t('filters.category')}
            data={[
              { value: ANY, label: t('filters.any') },
              ...(categories.data ?? []).map((category) => ({
                value: String(category.category_id),
                label: category.label,
              })),
            ]}
            value={filters.categoryId === null ? ANY : String(filters.categoryId)}
            onChange={(value) =>
              setFilters({
                ...filters,
                categoryId: value === null || value === ANY ? null : Number(value),
              })
            }
            allowDeselect={false}
            searchable
            w={220}
          />
          <Select
            label={t('filters.contentType')}
            data={[
              { value: ANY, label: t('filters.any') },
              ...contentTypes.map((type) => ({
                value: type.key,
                label: contentTypeLabel(type.key),
              })),
            ]}
            value={filters.contentType ?? ANY}
            onChange={(value) =>
              setFilters({
                ...filters,
                contentType: value === null || value === ANY ? null : value,
              })
            }
            allowDeselect={false}
            w={220}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={platformLabelId}>
              {t('filters.platform')}
            </Text>
            <SegmentedControl
              aria-labelledby={platformLabelId}
              value={filters.platform ?? ANY}
              onChange={(value) =>
                setFilters({
                  ...filters,
                  platform: value === ANY ? null : (value as InspirationFilters['platform']),
                })
              }
              data={[
                { value: ANY, label: t('filters.any') },
                ...requestPlatforms.map((platform) => ({
                  value: platform,
                  label: t(`platforms.${platform}`),
                })),
              ]}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={lengthLabelId}>
              {t('filters.length')}
            </Text>
            <SegmentedControl
              aria-labelledby={lengthLabelId}
              value={filters.videoDuration === null ? ANY : String(filters.videoDuration)}
              onChange={(value) =>
                setFilters({
                  ...filters,
                  videoDuration:
                    value === ANY ? null : (Number(value) as InspirationFilters['videoDuration']),
                })
              }
              data={[
                { value: ANY, label: t('filters.any') },
                ...videoDurations.map((duration) => ({
                  value: String(duration),
                  label: t(`lengths.${duration}`),
                })),
              ]}
            />
          </Stack>
          {filtered && (
            <Button variant="subtle" onClick={() => setFilters(noFilters)}>
              {t('filters.reset')}
            </Button>
          )}
        </Group>
      </Paper>
      <Gallery filters={filters} filtered={filtered} isAdvertiser={advertiser} />
    </Stack>
  );
}

function Gallery({
  filters,
  filtered,
  isAdvertiser,
}: {
  filters: InspirationFilters;
  filtered: boolean;
  isAdvertiser: boolean;
}) {
  const { t } = useTranslation('get-inspired');
  const gallery = useInspirationVideos(filters);

  if (gallery.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (gallery.isError) {
    return (
      <LoadErrorAlert
        error={gallery.error}
        message={t('loadError')}
        onRetry={() => void gallery.refetch()}
      />
    );
  }
  const videos = gallery.data.pages.flatMap((page) => page.data);
  if (videos.length === 0) {
    return (
      <EmptyState icon={<IconBulb size={32} aria-hidden />} variant="light" py="xl">
        <EmptyState.Title order={2}>{t('emptyTitle')}</EmptyState.Title>
        <EmptyState.Description>
          {filtered ? t('emptyFiltered') : t('emptyBody')}
        </EmptyState.Description>
      </EmptyState>
    );
  }
  return (
    <Stack gap="md" aria-busy={gallery.isPlaceholderData || undefined}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {videos.map((video) => (
          <InspirationCard key={video.line_id} video={video} isAdvertiser={isAdvertiser} />
        ))}
      </SimpleGrid>
      {gallery.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={gallery.isFetchingNextPage}
            onClick={() => void gallery.fetchNextPage()}
          >
            {t('loadMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

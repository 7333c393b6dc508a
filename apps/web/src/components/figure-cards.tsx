import type { SharedTotals } from '@clipmarket/contracts/campaign-sharing';
import { Card, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatAge } from '../lib/figures-age';
import { useTranslation } from '../lib/use-translation';

/**
 * One figure of the totals as a card of a `role="list"` grid: its name, its value and where it
 * comes from; a headline figure stands out. On the performance pages and the shared report.
 */
export function FigureCard({
  label,
  value,
  note,
  headline = false,
}: {
  label: ReactNode;
  value: ReactNode;
  note: ReactNode;
  headline?: boolean;
}) {
  return (
    <Card
      withBorder
      padding="md"
      role="listitem"
      bg={headline ? 'var(--mantine-color-blue-light)' : undefined}
    >
      <Stack gap={4}>
        <Text size="sm" c="dimmed" component="h3" m={0} fw={500}>
          {label}
        </Text>
        <Text size={headline ? '1.6rem' : 'xl'} fw={700}>
          {value}
        </Text>
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Where the totals' figures come from and when they were read: "Instagram API, TikTok API ·
 * read 3 h ago to 2 d ago", and how many videos have figures not checked yet. Each page with
 * its namespace's texts (`sources.*`, `sourcesRead`, `sourcesReadBetween`, `uncheckedVideos`).
 */
export function FiguresSources({
  totals,
  namespace,
}: {
  totals: Pick<SharedTotals, 'sources' | 'newest_read_at' | 'oldest_read_at' | 'unchecked'>;
  namespace: 'performance' | 'shared-report';
}) {
  const { t, i18n } = useTranslation(namespace);
  const language = i18n.language;
  if (totals.sources.length === 0 || !totals.newest_read_at) return null;
  const sources = totals.sources.map((source) => t(`sources.${source}`)).join(', ');
  const newest = formatAge(totals.newest_read_at, language);
  const oldest = totals.oldest_read_at ? formatAge(totals.oldest_read_at, language) : newest;
  return (
    <Text size="sm" c="dimmed">
      {oldest === newest
        ? t('sourcesRead', { sources, age: newest })
        : t('sourcesReadBetween', { sources, newest, oldest })}
      {totals.unchecked > 0 && ` · ${t('uncheckedVideos', { count: totals.unchecked })}`}
    </Text>
  );
}

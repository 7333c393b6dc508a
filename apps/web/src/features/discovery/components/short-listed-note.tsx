import { Group, Text } from '@mantine/core';
import { IconListCheck } from '../../../components/icons';
import { featureFlags } from '../../../lib/feature-flags';
import { useTranslation } from '../../../lib/use-translation';
import { useShortLists } from '../api/get-short-lists';

/**
 * "In your shortlists: Ramadan, Summer" on a creator already in some of the advertiser's
 * shortlists (one request for every card: the lists with their creators' ids), nothing
 * otherwise.
 */
export function ShortListedNote({ influencerId }: { influencerId: number }) {
  const { t, i18n } = useTranslation('discovery');
  const lists = useShortLists(featureFlags.shortlist);
  const names = (lists.data ?? [])
    .filter((list) => list.influencer_ids.includes(influencerId))
    .map((list) => list.name);
  if (names.length === 0) return null;
  const text = t('shortLists.inLists', {
    names: names.join(i18n.language === 'tn' ? '، ' : ', '),
  });
  return (
    <Group gap={4} wrap="nowrap" miw={0} data-testid="short-listed">
      <IconListCheck
        size={16}
        aria-hidden
        color="var(--mantine-color-teal-7)"
        style={{ flexShrink: 0 }}
      />
      <Text size="xs" c="teal.8" fw={500} lineClamp={1} title={text}>
        {text}
      </Text>
    </Group>
  );
}

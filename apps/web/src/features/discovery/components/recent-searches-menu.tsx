import type { SearchHistoryEntry } from '@clipmarket/contracts/discovery';
import { Button, Menu, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { IconHistory } from '../../../components/icons';
import { formatCountry, formatDate } from '../../../lib/format';
import { useOpenedOnMount } from '../../../lib/return-focus';
import { useCategoryLabels } from '../../../lib/reference-data';
import { countActiveFilters, normalizeFilters, type DiscoveryFilters } from '../filter-state';

export interface RecentSearchesProps {
  entries: SearchHistoryEntry[];
  onApply: (filters: DiscoveryFilters) => void;
}

/**
 * The list of the last searches, newest first; choosing one runs it again. Its own chunk, loaded
 * on the first opening (recent-searches.tsx), so it mounts open.
 */
export default function RecentSearchesMenu({ entries, onApply }: RecentSearchesProps) {
  const { t, i18n } = useTranslation(['discovery', 'pages']);
  const language = i18n.language;
  const categoryLabels = useCategoryLabels();
  const { opened, change, target, popup } = useOpenedOnMount();

  const describe = (filters: DiscoveryFilters) => {
    const parts = [
      t(`pages:platforms.${filters.platform}`),
      filters.q.trim() ? `“${filters.q.trim()}”` : null,
      ...filters.categories.slice(0, 2).map((id) => categoryLabels.get(id) ?? null),
      ...filters.residence.slice(0, 2).map((code) => formatCountry(code, language)),
    ].filter((part): part is string => Boolean(part));
    const shown =
      (filters.q.trim() ? 1 : 0) +
      Math.min(filters.categories.length, 2) +
      Math.min(filters.residence.length, 2);
    const more = countActiveFilters(filters) - shown;
    if (more > 0) parts.push(t('history.more', { more }));
    return parts.join(' · ');
  };

  return (
    <Menu opened={opened} onChange={change} position="bottom-start" width="target" shadow="md">
      <Menu.Target>
        <Button
          ref={target}
          variant="subtle"
          size="sm"
          leftSection={<IconHistory size={16} aria-hidden />}
        >
          {t('history.title')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown ref={popup}>
        {entries.map((entry) => {
          const filters = normalizeFilters(entry.filters);
          return (
            <Menu.Item key={entry.search_id} onClick={() => onApply(filters)}>
              <Text size="sm" lineClamp={2}>
                {describe(filters)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(entry.created_at, language)}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

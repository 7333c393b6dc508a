import type { SearchHistoryEntry } from '@clipmarket/contracts/discovery';
import { Button } from '@mantine/core';
import { lazy } from 'react';
import { IconHistory } from '../../../components/icons';
import { LoadOnOpen } from '../../../components/load-on-open';
import { useTranslation } from '../../../lib/use-translation';
import type { DiscoveryFilters } from '../filter-state';

// The menu and its positioning code load on the first opening (issue 8's first-load budget).
const RecentSearchesMenu = lazy(() => import('./recent-searches-menu'));

export interface RecentSearchesProps {
  entries: SearchHistoryEntry[] | undefined;
  onApply: (filters: DiscoveryFilters) => void;
}

/** "Recent searches" (GET /search/history): shown once there is one. */
export function RecentSearches({ entries, onApply }: RecentSearchesProps) {
  const { t } = useTranslation('discovery');
  if (!entries || entries.length === 0) return null;
  return (
    <LoadOnOpen
      button={(open, loading) => (
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconHistory size={16} aria-hidden />}
          onClick={open}
          aria-haspopup="menu"
          aria-expanded={false}
          aria-busy={loading || undefined}
        >
          {t('history.title')}
        </Button>
      )}
      popup={<RecentSearchesMenu entries={entries} onApply={onApply} />}
    />
  );
}

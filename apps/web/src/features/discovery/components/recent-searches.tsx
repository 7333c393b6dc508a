import type { SearchHistoryEntry } from '@clipmarket/contracts/discovery';
import { Button } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { IconHistory } from '../../../components/icons';
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
  const [wanted, setWanted] = useState(false);
  if (!entries || entries.length === 0) return null;
  const button = (loading: boolean) => (
    <Button
      variant="subtle"
      size="sm"
      leftSection={<IconHistory size={16} aria-hidden />}
      onClick={() => setWanted(true)}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={loading || undefined}
    >
      {t('history.title')}
    </Button>
  );
  if (!wanted) return button(false);
  return (
    <Suspense fallback={button(true)}>
      <RecentSearchesMenu entries={entries} onApply={onApply} />
    </Suspense>
  );
}

import type { InfluencerCard } from '@clipmarket/contracts/discovery';
import { SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { CreatorCard } from './creator-card';
import {
  CreatorCardSkeleton,
  CreatorGridSkeleton,
  creatorGridLayout,
} from './creator-card-skeleton';
import { LoadErrorAlert } from './load-error-alert';
import type { PriceLength } from '../price-length';

/** Skeletons shown at the end of the grid while a next page loads. */
const MORE_SKELETONS = 3;

export interface CreatorGridProps {
  /** The creators, in the order to show them. */
  creators: readonly InfluencerCard[] | undefined;
  /** The first load: skeletons instead of the grid. */
  isPending: boolean;
  /** A failed load: why, and a retry, instead of the grid. */
  isError?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** Shown once loaded when there is no creator (an EmptyPanel with what to do next). */
  empty: ReactNode;
  /** Skeleton cards while the first load runs. */
  skeletons?: number;
  /** A next page is loading: skeletons at the end of the grid. */
  isLoadingMore?: boolean;
  /** More actions at the bottom of a card (e.g. "Remove from this shortlist"). */
  actions?: (creator: InfluencerCard) => ReactNode;
  /** Under the cards when there are some (next page, end of the list). */
  footer?: ReactNode;
  /** The video length whose price each card shows (30 s unless chosen). */
  priceLength?: PriceLength;
}

/**
 * Creators as cards, the same in search results, favourites and shortlists: skeletons while
 * they load, the error with a retry, the empty state, then the cards.
 */
export function CreatorGrid({
  creators,
  isPending,
  isError = false,
  error,
  onRetry,
  empty,
  skeletons = MORE_SKELETONS,
  isLoadingMore = false,
  actions,
  footer,
  priceLength,
}: CreatorGridProps) {
  const { t } = useTranslation('discovery');
  if (isPending) return <CreatorGridSkeleton count={skeletons} />;
  if (isError) {
    return (
      <LoadErrorAlert error={error} message={t('results.loadError')} onRetry={() => onRetry?.()} />
    );
  }
  if (!creators || creators.length === 0) return <>{empty}</>;
  return (
    <Stack gap="md">
      <SimpleGrid {...creatorGridLayout}>
        {creators.map((creator) => (
          <CreatorCard
            key={creator.influencer_id}
            creator={creator}
            actions={actions?.(creator)}
            priceLength={priceLength}
          />
        ))}
        {isLoadingMore &&
          Array.from({ length: MORE_SKELETONS }, (_, i) => (
            <CreatorCardSkeleton key={`more-${i}`} />
          ))}
      </SimpleGrid>
      {footer}
    </Stack>
  );
}

import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Flex,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import {
  IconAdjustments,
  IconAlertTriangle,
  IconListCheck,
  IconMoodSad,
  IconSearch,
} from '../../../components/icons';
import { SegmentedChoice } from '../../../components/segmented-choice';
import { ResendVerificationButton } from '../../../components/resend-verification-button';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { featureFlags } from '../../../lib/feature-flags';
import { formatNumber } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { isAdvertiser } from '../../../lib/roles';
import { useSearchHistory } from '../api/get-search-history';
import { useSearchQuota } from '../api/get-search-quota';
import { quotaErrorCodes, searchQueryRoot, useSearchInfluencers } from '../api/search-influencers';
import { CreatorGridSkeleton } from '../components/creator-card-skeleton';
import { EmptyPanel } from '../components/empty-panel';
import { FilterPanel } from '../components/filter-panel';
import { LoadErrorAlert } from '../components/load-error-alert';
import { QuotaStatus } from '../components/quota-status';
import { RecentSearches } from '../components/recent-searches';
import {
  countActiveFilters,
  emptyFilters,
  markResultsCleared,
  normalizeFilters,
  readSavedFilters,
  saveFilters,
  wereResultsCleared,
  type DiscoveryFilters,
} from '../filter-state';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { useSearchRun } from '../hooks/use-search-run';
import { priceLengths, readPriceLength, savePriceLength, type PriceLength } from '../price-length';

// Phones only, and only once the Filters button is pressed: its own chunk.
const FiltersDrawer = lazy(() => import('../components/filters-drawer'));
// The cards (hearts, shortlist menus, prices), asked for when a search starts: none shows before
// one runs (ADR 009; a restored last search runs after the first paint), so the first screen's
// download does without them.
const CreatorGrid = lazy(async () => ({
  default: (await import('../components/creator-grid')).CreatorGrid,
}));

const SKELETONS = 6;
const PANEL_WIDTH = 340;
/**
 * Below Mantine's "md" (62em) the panel would sit, about 900 px tall, above the results: there
 * it is a drawer opened by a "Filters" button. Asked as max-width so that a browser without
 * media queries (tests) gets the side panel.
 */
const NARROW_QUERY = '(max-width: 61.99em)';
/** Quotas under which the last search may be shown again on arrival (it is free then). */
const RESTORABLE_QUOTAS: readonly string[] = ['trial', 'subscribed', 'exhausted'];

/**
 * Discover Content (spec §2 "/discover-content", also "/search"): advertisers search creators
 * with the filter panel on the inline-end side and browse the results page after page.
 */
export default function DiscoverPage() {
  const { t } = useTranslation('discovery');
  const me = useMe();
  if (!me.data) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t('page.loading')} />
      </Center>
    );
  }
  // The route lets advertisers only in; this keeps creators out of the panel if reused.
  if (me.data.isVisitor || !isAdvertiser(me.data.role)) return null;
  return <DiscoverScreen userId={me.data.user_id} />;
}

function DiscoverScreen({ userId }: { userId: number }) {
  const { t } = useTranslation('discovery');
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<DiscoveryFilters>(
    () => readSavedFilters(userId) ?? emptyFilters,
  );
  const { run, start, clear } = useSearchRun();
  const results = useSearchInfluencers(run);
  const quota = useSearchQuota();
  const history = useSearchHistory();
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  const filtersButtonRef = useRef<HTMLButtonElement>(null);
  const filtersCountId = useId();
  const isNarrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  // The drawer's chunk loads on the first opening and then stays, for its closing animation.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const openDrawer = () => {
    setDrawerLoaded(true);
    drawer.open();
  };

  const changeFilters = (next: DiscoveryFilters) => {
    setFilters(next);
    saveFilters(userId, next);
  };
  // Keyboard and screen reader users land on the results (the Refine button is busy, the
  // drawer closes): the heading is focused and announced, the page scrolls to it.
  const focusResults = () => resultsHeadingRef.current?.focus();
  const refine = (next: DiscoveryFilters) => {
    markResultsCleared(userId, false);
    start(next);
    drawer.close();
    focusResults();
  };
  const reset = () => {
    changeFilters(emptyFilters);
    markResultsCleared(userId, true);
    clear();
    queryClient.removeQueries({ queryKey: searchQueryRoot });
  };

  // Coming back (the results no longer cached: a reload, another day, another browser): the
  // last search is run again and shown, its filters too when this browser kept none. It costs
  // nothing: the server counts a search only when its filters differ from the last one's.
  const isRestoreDecided = useRef(run !== null);
  const lastSearch = history.data?.[0];
  const quotaStatus = quota.data?.status;
  useEffect(() => {
    if (isRestoreDecided.current) return;
    // A search started before the history came: that one is shown.
    if (run !== null) isRestoreDecided.current = true;
    if (isRestoreDecided.current || !history.data || !quotaStatus) return;
    isRestoreDecided.current = true;
    if (!lastSearch || !RESTORABLE_QUOTAS.includes(quotaStatus)) return;
    if (wereResultsCleared(userId)) return;
    const last = normalizeFilters(lastSearch.filters);
    if (readSavedFilters(userId) === null) {
      setFilters(last);
      saveFilters(userId, last);
    }
    start(last);
  }, [history.data, lastSearch, quotaStatus, run, start, userId]);

  const activeFilters = countActiveFilters(filters);
  const filterPanel = (variant: 'panel' | 'drawer') => (
    <FilterPanel
      variant={variant}
      filters={filters}
      onChange={changeFilters}
      onRefine={refine}
      onReset={reset}
      isSearching={results.isFetching && !results.isFetchingNextPage}
      status={<QuotaStatus quota={quota.data} isPending={quota.isPending} />}
      footer={
        <RecentSearches
          entries={history.data}
          onApply={(next) => {
            changeFilters(next);
            refine(next);
          }}
        />
      }
    />
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{t('page.title')}</Title>
          <Text c="dimmed">{t('page.intro')}</Text>
        </div>
        {featureFlags.shortlist && (
          <Button
            component={Link}
            to="/short-lists"
            variant="light"
            leftSection={<IconListCheck size={18} aria-hidden />}
          >
            {t('page.shortLists')}
          </Button>
        )}
      </Group>
      {isNarrow && (
        <Button
          ref={filtersButtonRef}
          variant="default"
          onClick={openDrawer}
          aria-haspopup="dialog"
          aria-expanded={drawerOpened}
          // Named by its own words (WCAG 2.5.3, label in name); what the badge's number
          // counts describes it.
          aria-describedby={activeFilters > 0 ? filtersCountId : undefined}
          leftSection={<IconAdjustments size={18} aria-hidden />}
          rightSection={
            activeFilters > 0 ? (
              <Badge size="sm" circle aria-hidden>
                {activeFilters}
              </Badge>
            ) : null
          }
          style={{ alignSelf: 'flex-start' }}
        >
          {t('filters.title')}
        </Button>
      )}
      {isNarrow && activeFilters > 0 && (
        <VisuallyHidden id={filtersCountId}>
          {t('filters.activeCount', { total: activeFilters })}
        </VisuallyHidden>
      )}
      {isNarrow && drawerLoaded && (
        <Suspense fallback={null}>
          <FiltersDrawer
            opened={drawerOpened}
            onClose={() => {
              drawer.close();
              filtersButtonRef.current?.focus();
            }}
          >
            {filterPanel('drawer')}
          </FiltersDrawer>
        </Suspense>
      )}
      {/* Panel first for keyboards; on wide screens it sits on the inline end. */}
      <Flex
        direction={{ base: 'column', md: 'row-reverse' }}
        gap="lg"
        align={{ base: 'stretch', md: 'flex-start' }}
      >
        {!isNarrow && (
          <Box
            w={{ base: '100%', md: PANEL_WIDTH }}
            pos={{ base: 'static', md: 'sticky' }}
            top="calc(var(--app-shell-header-offset, 60px) + var(--mantine-spacing-md))"
            mah={{ md: 'calc(100dvh - var(--app-shell-header-offset, 60px) - 2rem)' }}
            style={{ flexShrink: 0, overflowY: 'auto' }}
          >
            {filterPanel('panel')}
          </Box>
        )}
        <Box
          component="section"
          aria-labelledby="discover-results-title"
          aria-busy={results.isFetching}
          style={{ flex: 1, minWidth: 0, scrollMarginTop: 80 }}
        >
          <SearchResults
            hasRun={run !== null}
            results={results}
            onSearch={() => refine(filters)}
            onReset={reset}
            headingRef={resultsHeadingRef}
            onLoadMore={focusResults}
          />
        </Box>
      </Flex>
    </Stack>
  );
}

interface SearchResultsProps {
  hasRun: boolean;
  results: ReturnType<typeof useSearchInfluencers>;
  onSearch: () => void;
  onReset: () => void;
  /** The results heading, focused after Refine and after "Show more creators". */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** "Show more creators" was pressed. */
  onLoadMore: () => void;
}

/** The video length whose price the cards show: 15, 30 (first) or 60 s, remembered. */
function PriceLengthPicker({
  value,
  onChange,
}: {
  value: PriceLength;
  onChange: (length: PriceLength) => void;
}) {
  const { t } = useTranslation('discovery');
  const labelId = useId();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" id={labelId}>
        {t('prices.lengthPicker')}
      </Text>
      <SegmentedChoice
        labelledBy={labelId}
        value={String(value)}
        onChange={(next) => onChange(Number(next) as PriceLength)}
        data={priceLengths.map((length) => ({
          value: String(length),
          label: t('prices.seconds', { seconds: length }),
        }))}
      />
    </Group>
  );
}

function SearchResults({
  hasRun,
  results,
  onSearch,
  onReset,
  headingRef,
  onLoadMore,
}: SearchResultsProps) {
  const { t, i18n } = useTranslation('discovery');
  const errorMessage = useApiErrorMessage();
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const [priceLength, setPriceLength] = useState<PriceLength>(readPriceLength);
  const choosePriceLength = (length: PriceLength) => {
    setPriceLength(length);
    savePriceLength(length);
  };
  const hasMore = Boolean(results.hasNextPage) && !results.isFetchNextPageError;
  const sentinel = useInfiniteScroll<HTMLDivElement>({
    hasMore,
    isLoading: results.isFetching,
    onLoadMore: () => void results.fetchNextPage(),
  });

  const title = (
    <Title
      order={2}
      size="h3"
      id="discover-results-title"
      ref={headingRef}
      tabIndex={-1}
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-offset, 60px) + 1rem)' }}
    >
      {t('results.title')}
    </Title>
  );
  // One live region for every state, so screen readers hear searches start and end.
  const status = !hasRun
    ? ''
    : results.isPending
      ? t('results.searching')
      : results.isError && items.length === 0
        ? ''
        : t('results.shown', { shown: formatNumber(items.length, i18n.language) });

  const body = () => {
    if (!hasRun) {
      return (
        <EmptyPanel
          icon={<IconSearch size={28} aria-hidden />}
          title={t('results.idleTitle')}
          description={t('results.idleBody')}
        >
          <Button onClick={onSearch} leftSection={<IconSearch size={16} aria-hidden />}>
            {t('results.searchNow')}
          </Button>
        </EmptyPanel>
      );
    }
    const error = results.error;
    if (
      results.isError &&
      items.length === 0 &&
      error instanceof ApiError &&
      quotaErrorCodes.includes(error.code)
    ) {
      return (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={errorMessage(error)}
          role="alert"
        >
          {t(`results.quotaHelp.${error.code}`)}
          {error.code === 'EMAIL_NOT_VERIFIED' ? (
            <Box mt="sm">
              <ResendVerificationButton />
            </Box>
          ) : null}
        </Alert>
      );
    }
    return (
      <CreatorGrid
        creators={items}
        isPending={results.isPending}
        skeletons={SKELETONS}
        isError={results.isError && items.length === 0}
        error={error}
        onRetry={() => void results.refetch()}
        isLoadingMore={results.isFetchingNextPage}
        priceLength={priceLength}
        empty={
          <EmptyPanel
            icon={<IconMoodSad size={28} aria-hidden />}
            title={t('results.emptyTitle')}
            description={t('results.emptyBody')}
          >
            <Button variant="default" onClick={onReset}>
              {t('filters.reset')}
            </Button>
          </EmptyPanel>
        }
        footer={
          <>
            {results.isFetchNextPageError && (
              <LoadErrorAlert error={error} onRetry={() => void results.fetchNextPage()} />
            )}
            {hasMore ? (
              // The sentinel: reaching it loads the next page; the button does the same by hand.
              <Center ref={sentinel}>
                <Button
                  variant="subtle"
                  // Not `loading`: a disabled button would drop the keyboard focus while the
                  // next page, started by scrolling, loads (the skeletons show it).
                  aria-busy={results.isFetchingNextPage}
                  onClick={() => {
                    void results.fetchNextPage();
                    onLoadMore();
                  }}
                >
                  {t('results.more')}
                </Button>
              </Center>
            ) : (
              !results.isFetchNextPageError && (
                <Text ta="center" c="dimmed" size="sm">
                  {t('results.end')}
                </Text>
              )
            )}
          </>
        }
      />
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        {title}
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {status}
        </Text>
      </Group>
      <PriceLengthPicker value={priceLength} onChange={choosePriceLength} />
      {/* While the cards' code comes: the skeletons the grid shows while the search runs. */}
      <Suspense fallback={<CreatorGridSkeleton count={SKELETONS} />}>{body()}</Suspense>
    </Stack>
  );
}

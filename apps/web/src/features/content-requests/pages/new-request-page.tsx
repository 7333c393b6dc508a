import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation, useSearchParams } from 'wouter';
import { IconAlertTriangle, IconSearch } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { addToCampaign, campaignOfSearch } from '../../../lib/campaign-items';
import { useCreatorProfile } from '../../../lib/creator-profile';
import { useCreateContentRequest, useLimits } from '../api/content-requests';
import {
  type SearchRun,
  useCreatorSearch,
  useFavorites,
  useShortListCreators,
  useShortLists,
} from '../../../lib/creator-sources';
import {
  type ChosenCreator,
  CreatorOption,
  type PickableCreator,
  useCreatorName,
} from '../../../components/creator-option';
import { BackIcon } from '../../../components/back-icon';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { RequestStepper } from '../components/request-stepper';
import { REQUESTS_PATH } from '../paths';

type Source = 'favorites' | 'shortLists' | 'search';

const readIdParam = (value: string | null) =>
  value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * Step 1 of a content request (spec §2 `/request-content/add`): pick creators from the
 * favourites, a shortlist or a search, up to the setting's limit; "Next" creates the draft and
 * goes on to its info. `?short_list_id=N` starts with that shortlist's creators chosen,
 * `?influencer_id=N` with that creator (the creator page's "Send a request").
 */
export default function NewRequestPage() {
  const { t } = useTranslation('content-requests');
  const errorMessage = useApiErrorMessage();
  const [, navigate] = useLocation();
  const [searchParams] = useSearchParams();
  const nameOf = useCreatorName();
  const limits = useLimits();
  const create = useCreateContentRequest();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listId = useId();
  const errorId = useId();

  const initialShortList = readIdParam(searchParams.get('short_list_id'));
  const initialCreator = readIdParam(searchParams.get('influencer_id'));
  const [source, setSource] = useState<Source>(initialShortList ? 'shortLists' : 'favorites');
  const [shortListId, setShortListId] = useState<number | null>(initialShortList);
  const [selected, setSelected] = useState<ChosenCreator[]>([]);
  const [showEmptyError, setShowEmptyError] = useState(false);
  const [query, setQuery] = useState('');
  const [run, setRun] = useState<SearchRun | null>(null);

  const favorites = useFavorites(source === 'favorites');
  const shortLists = useShortLists(source === 'shortLists');
  const shortList = useShortListCreators(source === 'shortLists' ? shortListId : null);
  const search = useCreatorSearch(run);
  const chosenProfile = useCreatorProfile(String(initialCreator ?? ''), initialCreator !== null);

  const max = limits.data?.creators_per_request_max ?? 0;
  const atLimit = limits.data !== undefined && selected.length >= max;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // `?short_list_id=`: the list's creators, chosen once, up to the limit.
  const preselected = useRef(false);
  const preselectItems = initialShortList !== null ? shortList.data : undefined;
  useEffect(() => {
    if (preselected.current || !preselectItems || limits.data === undefined) return;
    preselected.current = true;
    setSelected(preselectItems.slice(0, limits.data.creators_per_request_max));
  }, [preselectItems, limits.data]);

  // `?influencer_id=`: that creator, chosen once.
  const creatorChosen = useRef(false);
  const preselectCreator = initialCreator !== null ? chosenProfile.data : undefined;
  useEffect(() => {
    if (creatorChosen.current || !preselectCreator || limits.data === undefined) return;
    creatorChosen.current = true;
    setSelected((current) =>
      current.some((c) => c.influencer_id === preselectCreator.influencer_id) ||
      current.length >= limits.data.creators_per_request_max
        ? current
        : [...current, preselectCreator],
    );
  }, [preselectCreator, limits.data]);

  const toggle = (creator: ChosenCreator, checked: boolean) => {
    setShowEmptyError(false);
    setSelected((current) => {
      if (!checked) return current.filter((c) => c.influencer_id !== creator.influencer_id);
      if (current.length >= max || current.some((c) => c.influencer_id === creator.influencer_id))
        return current;
      return [...current, creator];
    });
  };

  const next = () => {
    if (selected.length === 0) {
      setShowEmptyError(true);
      return;
    }
    create.mutate(
      { influencer_ids: selected.map((creator) => creator.influencer_id) },
      {
        onSuccess: (request) => {
          const open = () => navigate(`${REQUESTS_PATH}/${request.content_request_id}`);
          const campaignId = campaignOfSearch(searchParams);
          if (campaignId === null) return open();
          addToCampaign(campaignId, 'content-request', request.content_request_id)
            .catch((error: unknown) => toasts.show({ color: 'red', message: errorMessage(error) }))
            .finally(open);
        },
      },
    );
  };

  const runSearch = (event: FormEvent) => {
    event.preventDefault();
    setRun((previous) => ({ id: (previous?.id ?? 0) + 1, q: query.trim() }));
  };

  const shown: { items: PickableCreator[]; isPending: boolean; error: unknown; empty: string } =
    source === 'favorites'
      ? {
          items: favorites.data ?? [],
          isPending: favorites.isPending,
          error: favorites.error,
          empty: t('creators.emptyFavorites'),
        }
      : source === 'shortLists'
        ? {
            items: shortList.data ?? [],
            isPending: shortListId !== null && shortList.isPending,
            error: shortList.error,
            empty: t('creators.empty'),
          }
        : {
            items: search.data?.pages.flatMap((page) => page.items) ?? [],
            isPending: run !== null && search.isPending,
            error: search.error,
            empty: t('creators.empty'),
          };
  const isChosen = (creator: PickableCreator) =>
    selected.some((c) => c.influencer_id === creator.influencer_id);

  return (
    <Stack gap="lg">
      <RequestStepper current="creators" />
      <div>
        <Title order={1} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {t('creators.title')}
        </Title>
        <Text c="dimmed">{t('creators.intro')}</Text>
      </div>
      {limits.isError ? (
        <LoadErrorAlert
          error={limits.error}
          message={t('common.loadError')}
          onRetry={() => void limits.refetch()}
        />
      ) : null}

      <Group justify="space-between" align="center" wrap="wrap">
        <SegmentedControl
          aria-label={t('creators.source')}
          value={source}
          onChange={(value) => setSource(value as Source)}
          data={[
            { value: 'favorites', label: t('creators.favorites') },
            { value: 'shortLists', label: t('creators.shortLists') },
            { value: 'search', label: t('creators.search') },
          ]}
        />
        {limits.data && (
          <Text
            fw={700}
            data-testid="creators-counter"
            aria-label={t('creators.counterLabel', { count: selected.length, max })}
          >
            {t('creators.counter', { count: selected.length, max })}
          </Text>
        )}
      </Group>

      {source === 'shortLists' &&
        (shortLists.data && shortLists.data.length === 0 ? (
          <Text c="dimmed">{t('creators.noShortList')}</Text>
        ) : (
          <Select
            label={t('creators.shortList')}
            placeholder={t('creators.shortListPlaceholder')}
            data={(shortLists.data ?? []).map((list) => ({
              value: String(list.short_list_id),
              label: list.name,
            }))}
            value={shortListId !== null ? String(shortListId) : null}
            onChange={(value) => setShortListId(value ? Number(value) : null)}
            maw={360}
          />
        ))}
      {source === 'search' && (
        <form onSubmit={runSearch}>
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('creators.searchLabel')}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              maw={360}
              style={{ flex: 1 }}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              {t('creators.searchButton')}
            </Button>
          </Group>
        </form>
      )}

      {atLimit && (
        <Alert color="yellow" role="status" icon={<IconAlertTriangle size={20} aria-hidden />}>
          {t('messages.creatorsLimit')}
        </Alert>
      )}

      {shown.isPending ? (
        <Center py="lg">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : shown.error ? (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
          {errorMessage(shown.error)}
        </Alert>
      ) : source === 'shortLists' && shortListId === null ? null : source === 'search' &&
        run === null ? null : shown.items.length === 0 ? (
        <Text c="dimmed">{shown.empty}</Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          aria-label={t('creators.listLabel')}
          id={listId}
          style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}
        >
          {shown.items.map((creator) => (
            <CreatorOption
              key={creator.influencer_id}
              creator={creator}
              checked={isChosen(creator)}
              disabled={atLimit || limits.data === undefined}
              onToggle={(checked) => toggle(creator, checked)}
            />
          ))}
        </Stack>
      )}
      {source === 'search' && search.hasNextPage && (
        <Group>
          <Button
            variant="default"
            loading={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
          >
            {t('creators.loadMore')}
          </Button>
        </Group>
      )}

      <Stack gap={4} component="section" aria-label={t('creators.selected')}>
        <Text fw={600}>{t('creators.selected')}</Text>
        {selected.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('creators.noneSelected')}
          </Text>
        ) : (
          <Group gap="xs">
            {selected.map((creator) => (
              <Button
                key={creator.influencer_id}
                size="compact-sm"
                variant="light"
                aria-label={t('creators.remove', { name: nameOf(creator) })}
                onClick={() => toggle(creator, false)}
              >
                {`${nameOf(creator)} ×`}
              </Button>
            ))}
          </Group>
        )}
      </Stack>

      {showEmptyError && (
        <Alert
          color="red"
          role="alert"
          id={errorId}
          icon={<IconAlertTriangle size={20} aria-hidden />}
        >
          {t('messages.selectCreator')}
        </Alert>
      )}
      {create.isError && (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
          {errorMessage(create.error)}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<BackIcon />}
          onClick={() => navigate(REQUESTS_PATH)}
        >
          {t('common.back')}
        </Button>
        <Button
          onClick={next}
          loading={create.isPending}
          aria-describedby={showEmptyError ? errorId : undefined}
        >
          {t('common.next')}
        </Button>
      </Group>
    </Stack>
  );
}

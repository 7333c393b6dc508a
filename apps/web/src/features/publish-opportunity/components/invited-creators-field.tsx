import {
  Alert,
  Button,
  Center,
  Group,
  Input,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { closedDropdownProps } from '../../../components/combobox-props';
import {
  type ChosenCreator,
  CreatorOption,
  type PickableCreator,
  useCreatorName,
} from '../../../components/creator-option';
import { IconAlertTriangle, IconSearch } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { useCreatorProfile } from '../../../lib/creator-profile';
import {
  type SearchRun,
  useCreatorSearch,
  useFavorites,
  useShortListCreators,
  useShortLists,
} from '../../../lib/creator-sources';
import { useTranslation } from '../../../lib/use-translation';
import { INVITED_CREATORS_MAX } from '../constants';

type Source = 'favorites' | 'shortLists' | 'search';

/**
 * A private opportunity's invited creators, picked as a content request's creators are: from
 * the favourites, a shortlist or a search (lib/creator-sources.ts). The draft keeps their ids;
 * a creator invited before this visit is named from their public profile.
 */
export function InvitedCreatorsField({
  ids,
  onChange,
  disabled = false,
  error,
}: {
  ids: number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation('publish-opportunity');
  const errorMessage = useApiErrorMessage();
  const nameOf = useCreatorName();
  const [source, setSource] = useState<Source>('favorites');
  const [shortListId, setShortListId] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [run, setRun] = useState<SearchRun | null>(null);
  // The names of the creators picked in this visit (the others are read from their profile).
  const [picked, setPicked] = useState<ReadonlyMap<number, ChosenCreator>>(new Map());

  const favorites = useFavorites(source === 'favorites');
  const shortLists = useShortLists(source === 'shortLists');
  const shortList = useShortListCreators(source === 'shortLists' ? shortListId : null);
  const search = useCreatorSearch(run);
  const atLimit = ids.length >= INVITED_CREATORS_MAX;

  const toggle = (creator: ChosenCreator, checked: boolean) => {
    const id = creator.influencer_id;
    if (!checked) {
      onChange(ids.filter((other) => other !== id));
      return;
    }
    if (atLimit || ids.includes(id)) return;
    setPicked((current) => new Map(current).set(id, creator));
    onChange([...ids, id]);
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
          empty: t('invite.emptyFavorites'),
        }
      : source === 'shortLists'
        ? {
            items: shortList.data ?? [],
            isPending: shortListId !== null && shortList.isPending,
            error: shortList.error,
            empty: t('invite.empty'),
          }
        : {
            items: search.data?.pages.flatMap((page) => page.items) ?? [],
            isPending: run !== null && search.isPending,
            error: search.error,
            empty: t('invite.empty'),
          };
  const hidesList =
    (source === 'shortLists' && shortListId === null) || (source === 'search' && run === null);

  return (
    <Input.Wrapper id="opportunity-invited_influencer_ids" label={t('info.invited')} error={error}>
      <Stack gap="sm" mt={4}>
        <Group justify="space-between" align="center" wrap="wrap">
          <SegmentedControl
            aria-label={t('invite.source')}
            value={source}
            onChange={(value) => setSource(value as Source)}
            data={[
              { value: 'favorites', label: t('invite.favorites') },
              { value: 'shortLists', label: t('invite.shortLists') },
              { value: 'search', label: t('invite.search') },
            ]}
          />
          <Text fw={600} size="sm">
            {t('invite.counter', { count: ids.length, max: INVITED_CREATORS_MAX })}
          </Text>
        </Group>
        {source === 'shortLists' &&
          (shortLists.data && shortLists.data.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('invite.noShortList')}
            </Text>
          ) : (
            <Select
              label={t('invite.shortList')}
              placeholder={t('invite.shortListPlaceholder')}
              data={(shortLists.data ?? []).map((list) => ({
                value: String(list.short_list_id),
                label: list.name,
              }))}
              value={shortListId !== null ? String(shortListId) : null}
              onChange={(value) => setShortListId(value ? Number(value) : null)}
              comboboxProps={closedDropdownProps}
              maw={360}
            />
          ))}
        {source === 'search' && (
          // Not a <form>: the field sits inside the opportunity's form.
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('invite.searchLabel')}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') runSearch(event);
              }}
              maw={360}
              style={{ flex: 1 }}
            />
            <Button
              variant="light"
              onClick={runSearch}
              leftSection={<IconSearch size={16} aria-hidden />}
            >
              {t('invite.searchButton')}
            </Button>
          </Group>
        )}
        {shown.isPending ? (
          <Center py="md">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : shown.error ? (
          <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
            {errorMessage(shown.error)}
          </Alert>
        ) : hidesList ? null : shown.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {shown.empty}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap="xs"
            aria-label={t('invite.listLabel')}
            style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}
          >
            {shown.items.map((creator) => (
              <CreatorOption
                key={creator.influencer_id}
                creator={creator}
                checked={ids.includes(creator.influencer_id)}
                disabled={disabled || atLimit}
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
              {t('invite.loadMore')}
            </Button>
          </Group>
        )}
        {ids.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('invite.noneInvited')}
          </Text>
        ) : (
          <Group gap="xs">
            {ids.map((id) => {
              const known = picked.get(id);
              return (
                <InvitedChip
                  key={id}
                  id={id}
                  name={known ? nameOf(known) : null}
                  disabled={disabled}
                  onRemove={() => onChange(ids.filter((other) => other !== id))}
                />
              );
            })}
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** One invited creator, removable; named from their profile when not picked in this visit. */
function InvitedChip({
  id,
  name,
  disabled,
  onRemove,
}: {
  id: number;
  name: string | null;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('publish-opportunity');
  const nameOf = useCreatorName();
  const profile = useCreatorProfile(String(id), name === null);
  const shown = name ?? (profile.data ? nameOf(profile.data) : t('invite.creatorNumber', { id }));
  return (
    <Button
      size="compact-sm"
      variant="light"
      aria-label={t('invite.remove', { name: shown })}
      onClick={onRemove}
      disabled={disabled}
    >
      {`${shown} ×`}
    </Button>
  );
}

import type { ShortList } from '@clipmarket/contracts/discovery';
import {
  Alert,
  Box,
  Button,
  Center,
  Flex,
  Group,
  Loader,
  Modal,
  NavLink,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import {
  IconHeart,
  IconListCheck,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatNumber } from '../../../lib/format';
import { toasts } from '../../../lib/toasts';
import { useCreateShortList } from '../api/create-short-list';
import { useDeleteShortList } from '../api/delete-short-list';
import { useFavorites } from '../api/get-favorites';
import { useShortList } from '../api/get-short-list';
import { useShortLists } from '../api/get-short-lists';
import { useRenameShortList } from '../api/rename-short-list';
import { useUpdateShortListMember } from '../api/update-short-list-member';
import { CreatorGrid } from '../components/creator-grid';
import { EmptyPanel } from '../components/empty-panel';
import { LoadErrorAlert } from '../components/load-error-alert';
import { ShortListNameModal } from '../components/short-list-name-modal';
import { creatorNames } from '../../../lib/creator-name';
import type { Platform } from '../filter-state';

type View = 'lists' | 'favorites';

/**
 * Shortlists and favourites (spec §2 "/short-lists", behind the `shortlist` feature flag):
 * the advertiser's named lists of creators, and the creators they favourited.
 */
export default function ShortListsPage() {
  const { t } = useTranslation('discovery');
  const [searchParams, setSearchParams] = useSearchParams();
  const [, navigate] = useLocation();
  const { short_list_id: shortListParam } = useParams();
  const view: View = searchParams.get('view') === 'favorites' ? 'favorites' : 'lists';

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('shortLists.pageTitle')}</Title>
        <Text c="dimmed">{t('shortLists.pageIntro')}</Text>
      </div>
      <Tabs
        value={view}
        keepMounted={false}
        onChange={(value) => {
          if (value === 'favorites') navigate('/short-lists?view=favorites');
          else setSearchParams({});
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="lists" leftSection={<IconListCheck size={16} aria-hidden />}>
            {t('shortLists.tab')}
          </Tabs.Tab>
          <Tabs.Tab value="favorites" leftSection={<IconHeart size={16} aria-hidden />}>
            {t('favorites.tab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lists" pt="lg">
          <ShortListsView selectedParam={shortListParam} />
        </Tabs.Panel>
        <Tabs.Panel value="favorites" pt="lg">
          <FavoritesView />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function PlatformSwitch({
  value,
  onChange,
}: {
  value: Platform;
  onChange: (platform: Platform) => void;
}) {
  const { t } = useTranslation(['discovery', 'pages']);
  const labelId = useId();
  return (
    <Group gap="xs">
      <Text size="sm" id={labelId}>
        {t('shortLists.figuresOf')}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as Platform)}
        data={[
          { value: 'instagram', label: t('pages:platforms.instagram') },
          { value: 'tiktok', label: t('pages:platforms.tiktok') },
        ]}
      />
    </Group>
  );
}

function ShortListsView({ selectedParam }: { selectedParam: string | undefined }) {
  const { t, i18n } = useTranslation('discovery');
  const [, navigate] = useLocation();
  const lists = useShortLists();
  const create = useCreateShortList();
  const [isCreating, setCreating] = useState(false);

  const createModal = (
    <ShortListNameModal
      opened={isCreating}
      onClose={() => setCreating(false)}
      title={t('shortLists.createTitle')}
      submitLabel={t('shortLists.create')}
      onSubmit={async (name) => {
        const list = await create.mutateAsync(name);
        toasts.show({ color: 'teal', message: t('shortLists.created', { list: list.name }) });
        navigate(`/short-lists/${list.short_list_id}`);
      }}
    />
  );
  const newButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
      {t('shortLists.new')}
    </Button>
  );

  if (lists.isPending) {
    return (
      <Center mih="20vh">
        <Loader aria-label={t('shortLists.loading')} />
      </Center>
    );
  }
  if (lists.isError) {
    return <LoadErrorAlert error={lists.error} onRetry={() => void lists.refetch()} />;
  }
  if (lists.data.length === 0) {
    return (
      <>
        <EmptyPanel
          order={2}
          icon={<IconListCheck size={28} aria-hidden />}
          title={t('shortLists.emptyTitle')}
          description={t('shortLists.emptyBody')}
        >
          {newButton}
        </EmptyPanel>
        {createModal}
      </>
    );
  }

  const selectedId = selectedParam ? Number(selectedParam) : lists.data[0]!.short_list_id;
  const selected = lists.data.find((list) => list.short_list_id === selectedId);

  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="lg" align="flex-start">
      <Stack w={{ base: '100%', md: 260 }} style={{ flexShrink: 0 }} gap="sm">
        {newButton}
        <nav aria-label={t('shortLists.navLabel')}>
          <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
            {lists.data.map((list) => {
              const active = list.short_list_id === selectedId;
              return (
                <li key={list.short_list_id}>
                  <NavLink
                    component={Link}
                    to={`/short-lists/${list.short_list_id}`}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    label={list.name}
                    description={t('shortLists.count', {
                      total: formatNumber(list.influencer_ids.length, i18n.language),
                    })}
                  />
                </li>
              );
            })}
          </Stack>
        </nav>
      </Stack>
      <Box style={{ flex: 1, minWidth: 0 }} w="100%">
        {selected ? (
          <ShortListDetailsView key={selected.short_list_id} list={selected} />
        ) : (
          <Alert color="orange" role="alert">
            {t('shortLists.notFound')}
          </Alert>
        )}
      </Box>
      {createModal}
    </Flex>
  );
}

function ShortListDetailsView({ list }: { list: ShortList }) {
  const { t } = useTranslation(['discovery', 'common', 'pages']);
  const [, navigate] = useLocation();
  const errorMessage = useApiErrorMessage();
  const [platform, setPlatform] = useState<Platform>('instagram');
  const details = useShortList(list.short_list_id, platform);
  const rename = useRenameShortList();
  const remove = useDeleteShortList();
  const member = useUpdateShortListMember();
  const [isRenaming, setRenaming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const headingId = useId();

  const deleteList = () =>
    remove.mutate(list.short_list_id, {
      onSuccess: () => {
        setDeleting(false);
        toasts.show({ color: 'teal', message: t('shortLists.deleted', { list: list.name }) });
        navigate('/short-lists', { replace: true });
      },
      onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
    });

  // The list (names, ids) may be newer than the details: show only creators still in it.
  const items = (details.data?.items ?? []).filter((creator) =>
    list.influencer_ids.includes(creator.influencer_id),
  );

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {list.name}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => setRenaming(true)}
          >
            {t('shortLists.rename')}
          </Button>
          <Button
            variant="light"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setDeleting(true)}
          >
            {t('shortLists.delete')}
          </Button>
        </Group>
      </Group>
      <PlatformSwitch value={platform} onChange={setPlatform} />

      <Box aria-busy={details.isFetching}>
        <CreatorGrid
          creators={items}
          isPending={details.isPending}
          isError={details.isError}
          error={details.error}
          onRetry={() => void details.refetch()}
          empty={
            <EmptyPanel
              icon={<IconSearch size={28} aria-hidden />}
              title={t('shortLists.noCreatorsTitle')}
              description={t('shortLists.noCreatorsBody')}
            >
              <Button component={Link} to="/discover-content" variant="light">
                {t('shortLists.discover')}
              </Button>
            </EmptyPanel>
          }
          actions={(creator) => {
            const { displayName } = creatorNames(creator, t('pages:showcase.unnamed'));
            return (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                aria-label={t('shortLists.removeCreator', {
                  name: displayName,
                  list: list.name,
                })}
                onClick={() =>
                  member.mutate(
                    {
                      shortListId: list.short_list_id,
                      influencerId: creator.influencer_id,
                      isMember: false,
                    },
                    {
                      onSuccess: () =>
                        toasts.show({
                          color: 'teal',
                          message: t('shortLists.removed', {
                            name: displayName,
                            list: list.name,
                          }),
                        }),
                      onError: (error) =>
                        toasts.show({ color: 'red', message: errorMessage(error) }),
                    },
                  )
                }
              >
                {t('shortLists.remove')}
              </Button>
            );
          }}
        />
      </Box>

      <ShortListNameModal
        opened={isRenaming}
        onClose={() => setRenaming(false)}
        title={t('shortLists.renameTitle')}
        submitLabel={t('common:actions.save')}
        initialName={list.name}
        onSubmit={async (name) => {
          await rename.mutateAsync({ shortListId: list.short_list_id, name });
          toasts.show({ color: 'teal', message: t('shortLists.renamed', { list: name }) });
        }}
      />
      <Modal
        opened={isDeleting}
        onClose={() => setDeleting(false)}
        title={t('shortLists.deleteTitle', { list: list.name })}
        centered
      >
        <Stack>
          <Text size="sm">{t('shortLists.deleteBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={deleteList}>
              {t('shortLists.confirmDelete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function FavoritesView() {
  const { t } = useTranslation('discovery');
  const [platform, setPlatform] = useState<Platform>('instagram');
  const favorites = useFavorites(platform);

  return (
    <Stack gap="md">
      <PlatformSwitch value={platform} onChange={setPlatform} />
      <Box aria-busy={favorites.isFetching}>
        <CreatorGrid
          creators={favorites.data}
          isPending={favorites.isPending}
          isError={favorites.isError}
          error={favorites.error}
          onRetry={() => void favorites.refetch()}
          empty={
            <EmptyPanel
              order={2}
              icon={<IconHeart size={28} aria-hidden />}
              title={t('favorites.emptyTitle')}
              description={t('favorites.emptyBody')}
            >
              <Button component={Link} to="/discover-content" variant="light">
                {t('shortLists.discover')}
              </Button>
            </EmptyPanel>
          }
        />
      </Box>
    </Stack>
  );
}

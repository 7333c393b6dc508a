import type { AdvertiserLine, ContentRequest } from '@clipmarket/contracts/content-requests';
import { lineStatesByFilter } from '@clipmarket/contracts/workflows/content-request-line';
import {
  Avatar,
  Button,
  Center,
  EmptyState,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useSearchParams } from 'wouter';
import { IconInbox } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useTwinklingSeen } from '../../../lib/twinkling';
import {
  type ManageFilter,
  manageContentQueryRoot,
  manageFilters,
  useManagedRequests,
} from '../api/manage-content';
import { LineStatus } from '../components/line-status';
import { MANAGE_CONTENT_PATH } from '../paths';

const readFilter = (value: string | null): ManageFilter =>
  manageFilters.find((filter) => filter === value) ?? 'to_review';

/**
 * `/manage-content` (spec §2): the videos to review and the ones to follow, one card per
 * creator's line, by filter (`?filter=`): to review, approved, completed, debriefed.
 */
export default function ManageContentPage() {
  const { t } = useTranslation('manage-content');
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readFilter(searchParams.get('filter'));
  // The menu's Manage Content highlight (a video received or updated) is seen here.
  useTwinklingSeen('twinkling_manage_content');
  useRealtimeEvent('new_notification', () => {
    void queryClient.invalidateQueries({ queryKey: manageContentQueryRoot });
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('list.title')}</Title>
        <Text c="dimmed">{t('list.intro')}</Text>
      </div>
      <Tabs
        value={filter}
        onChange={(value) =>
          setSearchParams(
            (params) => {
              if (!value || value === 'to_review') params.delete('filter');
              else params.set('filter', value);
              return params;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List aria-label={t('list.filters')}>
          {manageFilters.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`list.filterNames.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {manageFilters.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <LineList filter={value} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function LineList({ filter }: { filter: ManageFilter }) {
  const { t } = useTranslation('manage-content');
  const list = useManagedRequests(filter);
  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('list.loading')} />
      </Center>
    );
  }
  if (list.isError) {
    return (
      <LoadErrorAlert
        error={list.error}
        message={t('list.loadError')}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const states = lineStatesByFilter[filter];
  const lines = list.data.pages
    .flatMap((page) => page.data)
    .flatMap((request) =>
      request.lines
        .filter((line) => states.includes(line.status))
        .map((line) => ({ request, line })),
    );

  return (
    <Stack gap="sm">
      {lines.length === 0 ? (
        <EmptyState icon={<IconInbox size={32} aria-hidden />} variant="light" py="xl">
          <EmptyState.Title order={2}>{t(`list.empty.${filter}.title`)}</EmptyState.Title>
          <EmptyState.Description>{t(`list.empty.${filter}.body`)}</EmptyState.Description>
        </EmptyState>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {lines.map(({ request, line }) => (
            <LineCard key={line.content_request_influencer_id} request={request} line={line} />
          ))}
        </Stack>
      )}
      {list.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('list.loadMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function LineCard({ request, line }: { request: ContentRequest; line: AdvertiserLine }) {
  const { t } = useTranslation('manage-content');
  const isToReview = line.status === 'submitted';
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={line.profile_picture_url}
            alt=""
            radius="xl"
            name={line.influencer_name}
            color="initials"
          />
          <div>
            <Text fw={600}>
              <bdi>{line.influencer_name}</bdi>
            </Text>
            <Text size="sm" c="dimmed">
              {request.title || t('list.untitled')}
            </Text>
          </div>
        </Group>
        <Group gap="sm">
          <LineStatus status={line.status} />
          <Button
            component={Link}
            to={`${MANAGE_CONTENT_PATH}/${line.content_request_influencer_id}`}
            variant="light"
            // The name starts with the visible word (WCAG 2.5.3: "Review" is said, and heard).
            aria-label={t(isToReview ? 'list.reviewFor' : 'list.openFor', {
              name: line.influencer_name,
              title: request.title || t('list.untitled'),
            })}
          >
            {isToReview ? t('list.review') : t('list.open')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

import {
  type CreatorRequestFilter,
  creatorRequestFilters,
} from '@clipmarket/contracts/workflows/content-request-line';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useSearchParams } from 'wouter';
import { IconVideo } from '../../../components/icons';
import { useTwinklingSeen } from '../../../lib/twinkling';
import { EmptyLines } from '../../../components/creator-lines/empty-lines';
import { LineList } from '../../../components/creator-lines/line-list';
import { requestLines, useLiveLines } from '../../../lib/creator-lines';

export const ACCEPT_REQUESTS_PATH = '/accept-requests';

const isFilter = (value: string | null): value is CreatorRequestFilter =>
  value !== null && (creatorRequestFilters as readonly string[]).includes(value);

/**
 * The creator's content requests (spec §2 "/accept-requests", issue 10 §4), by the spec §4
 * creator filters in their order. The filter is in the address (`?filter=sent`), so the back
 * button and a shared link keep it.
 */
export default function AcceptRequestsPage() {
  const { t } = useTranslation('accept-requests');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('filter');
  const filter: CreatorRequestFilter = isFilter(requested) ? requested : 'all';
  const filtersLabelId = useId();
  useLiveLines();
  // Spec §3 "Twinkling flags": the menu item's highlight goes once the requests are seen.
  useTwinklingSeen('twinkling_accept_request');

  const chooseFilter = (value: string) => {
    setSearchParams(
      (params) => {
        if (value === 'all') params.delete('filter');
        else params.set('filter', value);
        return params;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        <Anchor component={Link} to="/make-content">
          <Group gap={4} component="span">
            <IconVideo size={18} aria-hidden />
            {t('list.makeContentLink')}
          </Group>
        </Anchor>
      </Group>

      <div>
        <Text id={filtersLabelId} size="sm" fw={600} mb={6}>
          {t('list.filtersLabel')}
        </Text>
        {/* Toggle buttons: one is pressed, the filter shown; Tab reaches each. */}
        <Group gap="xs" role="group" aria-labelledby={filtersLabelId}>
          {creatorRequestFilters.map((value) => (
            <Button
              key={value}
              size="compact-sm"
              radius="xl"
              variant={value === filter ? 'filled' : 'default'}
              aria-pressed={value === filter}
              onClick={() => chooseFilter(value)}
            >
              {t(`filters.${value}`)}
            </Button>
          ))}
        </Group>
      </div>

      <LineList
        key={filter}
        query={requestLines(filter)}
        labels={{
          loading: t('list.loading'),
          loadError: t('list.loadError'),
          loadMore: t('list.loadMore'),
        }}
        empty={<EmptyLines title={t(`empty.${filter}.title`)} body={t(`empty.${filter}.body`)} />}
      />
    </Stack>
  );
}

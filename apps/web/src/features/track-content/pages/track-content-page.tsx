import {
  type OpportunityContentFilter,
  opportunityContentFilters,
} from '@clipmarket/contracts/workflows/opportunity-application';
import { Anchor, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'wouter';
import { EmptyLines } from '../../../components/creator-lines/empty-lines';
import { LineList } from '../../../components/creator-lines/line-list';
import { IconListCheck } from '../../../components/icons';
import { opportunityLines, useLiveLines } from '../../../lib/creator-lines';
import { useTranslation } from '../../../lib/use-translation';

export const TRACK_CONTENT_PATH = '/track-content';

const readFilter = (value: string | null): OpportunityContentFilter =>
  opportunityContentFilters.find((filter) => filter === value) ?? 'all';

/**
 * Track Content (spec §2 `/track-content`, issue 23 §5): the delivery lines the advertisers'
 * approvals opened on the creator's applications (ADR 035), newest first, by the spec §4
 * content status filter as tabs (`?filter=`, so the back button and a shared link keep it).
 * Each card is a line's card, as on Accept Requests, and opens its delivery screen
 * (`/track-content/{id}`, the same screen as `/make-content/{id}`).
 */
export default function TrackContentPage() {
  const { t } = useTranslation('track-content');
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readFilter(searchParams.get('filter'));
  // A review, a debrief or a payment comes with a notification: it refreshes the list.
  useLiveLines();

  const chooseFilter = (value: string | null) =>
    setSearchParams(
      (params) => {
        if (!value || value === 'all') params.delete('filter');
        else params.set('filter', value);
        return params;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('list.title')}</Title>
          <Text c="dimmed">{t('list.intro')}</Text>
        </div>
        <Anchor component={Link} to="/track-opportunities">
          <Group gap={4} component="span">
            <IconListCheck size={18} aria-hidden />
            {t('list.applicationsLink')}
          </Group>
        </Anchor>
      </Group>

      <Tabs value={filter} onChange={chooseFilter} keepMounted={false}>
        <Tabs.List aria-label={t('list.filtersLabel')}>
          {opportunityContentFilters.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`filters.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {opportunityContentFilters.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <LineList
              query={opportunityLines(value)}
              labels={{
                loading: t('list.loading'),
                loadError: t('list.loadError'),
                loadMore: t('list.loadMore'),
              }}
              empty={
                <EmptyLines
                  title={t(`empty.${value}.title`)}
                  body={t(`empty.${value}.body`)}
                  action={
                    value === 'all'
                      ? { label: t('empty.all.action'), to: '/discover-opportunities' }
                      : undefined
                  }
                />
              }
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

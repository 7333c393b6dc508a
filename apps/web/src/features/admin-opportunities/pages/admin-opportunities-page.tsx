import {
  ADMIN_OPPORTUNITY_SEARCH_MAX,
  adminOpportunityFilters,
} from '@clipmarket/contracts/admin-opportunities';
import {
  Anchor,
  Button,
  Card,
  CloseButton,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { AdminQueue } from '../../../components/admin-queue';
import { IconBriefcase, IconSearch } from '../../../components/icons';
import { formatNumber } from '../../../lib/format';
import { formatDateTime, formatDay } from '../../../lib/tunis-time';
import { useTranslation } from '../../../lib/use-translation';
import {
  type AdminOpportunity,
  type AdminOpportunityFilter,
  useAdminOpportunities,
} from '../api/admin-opportunities';
import { OpportunityStateBadge } from '../components/state-badge';
import { usePriceBand } from '../format';
import { adminOpportunityPath } from '../paths';

const readFilter = (value: string | null): AdminOpportunityFilter =>
  adminOpportunityFilters.find((filter) => filter === value) ?? 'all';

function OpportunityCard({ opportunity }: { opportunity: AdminOpportunity }) {
  const { t, i18n } = useTranslation('admin-opportunities');
  const language = i18n.language;
  const priceBand = usePriceBand();
  const titleId = useId();
  const { counts } = opportunity;
  const dates = [
    opportunity.published_at &&
      t('card.publishedOn', { date: formatDay(opportunity.published_at, language) }),
    opportunity.application_deadline &&
      t('card.applicationsUntil', { date: formatDay(opportunity.application_deadline, language) }),
    opportunity.delivery_deadline &&
      t('card.deliveryBy', { date: formatDateTime(opportunity.delivery_deadline, language) }),
  ].filter(Boolean);
  return (
    <Card component="article" withBorder padding="lg" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {opportunity.reference}
            </Text>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              <Anchor
                component={Link}
                to={adminOpportunityPath(opportunity.content_opportunity_id)}
                inherit
              >
                <bdi>{opportunity.title || t('untitled')}</bdi>
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed">
              {t('card.advertiser', { name: opportunity.advertiser.name })}
            </Text>
          </div>
          <OpportunityStateBadge state={opportunity.state} />
        </Group>
        <Text size="sm">
          {t('card.spots', {
            taken: formatNumber(opportunity.spots_taken, language),
            spots: opportunity.spots === null ? '—' : formatNumber(opportunity.spots, language),
          })}
          {' · '}
          {t('card.applications', {
            total: formatNumber(counts.applications, language),
            toReview: formatNumber(counts.to_review, language),
          })}
          {' · '}
          {t('card.interests', { total: formatNumber(counts.interests, language) })}
        </Text>
        <Text size="sm">{priceBand(opportunity.price_min, opportunity.price_max)}</Text>
        {dates.length > 0 && (
          <Text size="xs" c="dimmed">
            {dates.join(' · ')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * `/admin/opportunities` (ADMIN): every advertiser's opportunities, newest first, by state (the
 * spec's status filter, the drafts and the closed ones) and by words of the title or a
 * reference, kept in the address (`?filter=&search=`) so the way back from one finds the list
 * as it was.
 */
export default function AdminOpportunitiesPage() {
  const { t } = useTranslation('admin-opportunities');
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readFilter(searchParams.get('filter'));
  const search = (searchParams.get('search') ?? '').trim().slice(0, ADMIN_OPPORTUNITY_SEARCH_MAX);
  const [typed, setTyped] = useState(search);
  const opportunities = useAdminOpportunities(filter, search);
  const listRef = useRef<HTMLDivElement>(null);

  const setParam = (name: 'filter' | 'search', value: string, empty: string) =>
    setSearchParams(
      (params) => {
        if (!value || value === empty) params.delete(name);
        else params.set(name, value);
        return params;
      },
      { replace: true },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParam('search', typed.trim(), '');
  };
  const clear = () => {
    setTyped('');
    setParam('search', '', '');
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('list.title')}</Title>
        <Text c="dimmed">{t('list.intro')}</Text>
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <form
          role="search"
          aria-label={t('list.searchRegion')}
          onSubmit={submit}
          style={{ flex: '1 1 18rem' }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t('list.searchLabel')}
              description={t('list.searchHint')}
              value={typed}
              maxLength={ADMIN_OPPORTUNITY_SEARCH_MAX}
              onChange={(event) => setTyped(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={
                typed ? (
                  <CloseButton size="sm" aria-label={t('list.clearSearch')} onClick={clear} />
                ) : null
              }
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button type="submit" variant="default">
              {t('list.searchButton')}
            </Button>
          </Group>
        </form>
        <NativeSelect
          label={t('list.filterLabel')}
          value={filter}
          onChange={(event) => setParam('filter', event.currentTarget.value, 'all')}
          data={adminOpportunityFilters.map((value) => ({
            value,
            label: t(`list.filters.${value}`),
          }))}
          style={{ flex: '0 1 12rem' }}
        />
      </Group>
      {search && (
        <Text size="sm" role="status">
          {t('list.searching', { search })}
        </Text>
      )}
      <AdminQueue
        query={opportunities}
        items={opportunities.data?.pages.flatMap((page) => page.data) ?? []}
        listRef={listRef}
        listLabel={t('list.listLabel')}
        texts={{ loading: t('loading'), retry: t('retry'), loadMore: t('loadMore') }}
        empty={{
          icon: <IconBriefcase size={28} aria-hidden />,
          title: search ? t('list.empty.searchTitle') : t('list.empty.title'),
          body: search ? t('list.empty.searchBody') : t(`list.empty.body`),
        }}
        itemKey={(opportunity) => opportunity.content_opportunity_id}
        renderItem={(opportunity) => <OpportunityCard opportunity={opportunity} />}
      />
    </Stack>
  );
}

import { adminLineFilters } from '@clipmarket/contracts/content-delivery';
import { contentRequestReference } from '@clipmarket/contracts/content-requests';
import { Anchor, Badge, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { AdminQueue } from '../../../components/admin-queue';
import { IconFileText } from '../../../components/icons';
import { formatDate, formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { type AdminLine, type AdminLineFilter, useAdminLines } from '../api/content-requests';

const stateColors: Partial<Record<AdminLine['state'], string>> = {
  disputed: 'orange',
  link_submitted: 'orange',
  submitted: 'blue',
  completed: 'teal',
  paid: 'teal',
  declined: 'gray',
  expired: 'gray',
  cancelled: 'gray',
  closed: 'gray',
  rejected: 'red',
  link_declined: 'red',
};

/** Where an admin acts on a line in this state, if anywhere. */
const actionOf: Partial<Record<AdminLine['state'], { to: string; label: string }>> = {
  disputed: { to: '/admin/disputes', label: 'contentRequests.toDisputes' },
  link_submitted: { to: '/admin/publications', label: 'contentRequests.toPublications' },
};

function LineCard({ line }: { line: AdminLine }) {
  const { t, i18n } = useTranslation('admin-content');
  const titleId = useId();
  const action = actionOf[line.state];
  return (
    <Card component="article" withBorder padding="lg" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              <bdi>{line.title}</bdi>
            </Title>
            <Text size="sm" c="dimmed">
              {t('contentRequests.parties', {
                advertiser: line.advertiser_name,
                creator: line.creator_name,
              })}
            </Text>
          </div>
          <Badge
            variant="light"
            color={stateColors[line.state] ?? 'violet'}
            style={{ flexShrink: 0 }}
          >
            {t(`contentRequests.states.${line.state}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('contentRequests.since', { date: formatDate(line.entered_at, i18n.language) })}
          {line.delivery_deadline &&
            ` · ${t('contentRequests.deadline', {
              date: formatDate(line.delivery_deadline, i18n.language),
            })}`}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('contentRequests.reference', { reference: line.reference })}
            {' · '}
            {t('contentRequests.price', { amount: formatMoney(line.price, i18n.language) })}
          </Text>
          {action && (
            <Anchor component={Link} to={action.to} size="sm">
              {t(action.label)}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * `/admin/content-requests` (ADMIN): every creator's line of the sent content requests, newest
 * first, in progress or ended, with its state and since when, so the team sees one that is stuck
 * and opens the queue where it acts (disputes, publication links).
 */
export default function AdminContentRequestsPage() {
  const { t } = useTranslation('admin-content');
  // `?request=…`: one request's lines (a dispute links here), whatever their state.
  const requestParam = new URLSearchParams(useSearch()).get('request');
  const requestId =
    requestParam && /^[1-9]\d{0,15}$/.test(requestParam) ? Number(requestParam) : null;
  const [chosen, setFilter] = useState<AdminLineFilter>('open');
  const filter = requestId === null ? chosen : 'all';
  const lines = useAdminLines(filter, requestId);
  const listRef = useRef<HTMLDivElement>(null);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('contentRequests.title')}</Title>
        <Text c="dimmed">{t('contentRequests.intro')}</Text>
      </div>
      {requestId !== null && (
        <Group gap="sm">
          <Title order={2} size="h4">
            {t('contentRequests.oneRequest', { request: contentRequestReference(requestId) })}
          </Title>
          <Anchor component={Link} to="/admin/content-requests" size="sm">
            {t('contentRequests.everyRequest')}
          </Anchor>
        </Group>
      )}
      <SegmentedControl
        hidden={requestId !== null}
        aria-label={t('contentRequests.filtersLabel')}
        value={filter}
        onChange={(value) => setFilter(value as AdminLineFilter)}
        data={adminLineFilters.map((value) => ({
          value,
          label: t(`contentRequests.filters.${value}`),
        }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <AdminQueue
        query={lines}
        items={lines.data?.pages.flatMap((page) => page.data) ?? []}
        listRef={listRef}
        listLabel={t('contentRequests.listLabel')}
        texts={{ loading: t('loading'), retry: t('retry'), loadMore: t('loadMore') }}
        empty={{
          icon: <IconFileText size={28} aria-hidden />,
          title: t(`contentRequests.empty.${filter}.title`),
          body: t(`contentRequests.empty.${filter}.body`),
        }}
        itemKey={(line) => line.content_request_influencer_id}
        renderItem={(line) => <LineCard line={line} />}
      />
    </Stack>
  );
}

import {
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import {
  IconAdjustments,
  IconAlertTriangle,
  IconBriefcase,
  IconCash,
  IconChartBar,
  IconCircleCheck,
  IconClock,
  IconCoin,
  IconFileText,
  IconLink,
  IconRosetteDiscountCheck,
  IconScale,
  IconUserCheck,
} from '../../../components/icons';
import './admin-home-page.css';
import { findComingSoonArea } from '../../../lib/coming-soon';
import { formatNumber } from '../../../lib/format';
import { usePendingCreatorsCount } from '../../../lib/pending-creators';
import { useFailedJobs } from '../api/get-failed-jobs';

type AdminAreaId =
  | 'creators'
  | 'payments'
  | 'promo-codes'
  | 'publications'
  | 'metric-submissions'
  | 'disputes'
  | 'content-requests'
  | 'opportunities'
  | 'payouts'
  | 'settings'
  | 'jobs';

interface AdminArea {
  id: AdminAreaId;
  path: string;
  icon: TablerIcon;
}

/** The admin pages, in the order of the admin menu (menu-items.ts). */
const adminAreas: readonly AdminArea[] = [
  { id: 'creators', path: '/admin/creators', icon: IconUserCheck },
  { id: 'payments', path: '/admin/payments', icon: IconCoin },
  { id: 'promo-codes', path: '/admin/promo-codes', icon: IconRosetteDiscountCheck },
  { id: 'publications', path: '/admin/publications', icon: IconLink },
  { id: 'metric-submissions', path: '/admin/metric-submissions', icon: IconChartBar },
  { id: 'disputes', path: '/admin/disputes', icon: IconScale },
  { id: 'content-requests', path: '/admin/content-requests', icon: IconFileText },
  { id: 'opportunities', path: '/admin/opportunities', icon: IconBriefcase },
  { id: 'payouts', path: '/admin/payouts', icon: IconCash },
  { id: 'settings', path: '/admin/settings', icon: IconAdjustments },
  { id: 'jobs', path: '/admin/jobs', icon: IconAlertTriangle },
];

function CountStatus({
  count,
  isPending,
  zeroLabel,
  countLabel,
}: {
  count: number | undefined;
  isPending: boolean;
  zeroLabel: string;
  countLabel: (total: string) => string;
}) {
  const { i18n } = useTranslation();
  if (isPending) return <Skeleton height={22} width={120} radius="xl" />;
  if (count === undefined) return null;
  if (count === 0) {
    return (
      <Badge variant="light" color="teal" leftSection={<IconCircleCheck size={14} aria-hidden />}>
        {zeroLabel}
      </Badge>
    );
  }
  return (
    <Badge variant="filled" color="orange">
      {countLabel(formatNumber(count, i18n.language))}
    </Badge>
  );
}

/**
 * `/admin` (ADMIN, issue 8 point 4): where admins land. One card per admin page, with what
 * needs them now (accounts waiting, failed jobs); pages not built yet open their "coming soon"
 * page and say so.
 */
export default function AdminHomePage() {
  const { t } = useTranslation('admin');
  const pendingCreators = usePendingCreatorsCount(true);
  const failedJobs = useFailedJobs();
  const idPrefix = useId();

  const statusOf = (area: AdminArea): ReactNode => {
    if (area.id === 'creators') {
      return (
        <CountStatus
          count={pendingCreators.data}
          isPending={pendingCreators.isPending}
          zeroLabel={t('home.creators.none')}
          countLabel={(total) => t('home.creators.count', { total })}
        />
      );
    }
    if (area.id === 'jobs') {
      return (
        <CountStatus
          count={failedJobs.data?.length}
          isPending={failedJobs.isPending}
          zeroLabel={t('home.jobs.none')}
          countLabel={(total) => t('home.jobs.count', { total })}
        />
      );
    }
    return null;
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('home.title')}</Title>
        <Text c="dimmed">{t('home.intro')}</Text>
      </div>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {adminAreas.map((area) => {
          const Icon = area.icon;
          const isComingSoon = findComingSoonArea(area.path) !== undefined;
          const id = (part: string) => `${idPrefix}-${area.id}-${part}`;
          return (
            <li key={area.id}>
              <Card withBorder padding="lg" h="100%" className="admin-home-card">
                <Stack gap="sm" h="100%">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                      <Icon size={24} stroke={1.6} />
                    </ThemeIcon>
                    {isComingSoon && (
                      <Badge
                        id={id('soon')}
                        variant="light"
                        color="gray"
                        leftSection={<IconClock size={14} aria-hidden />}
                      >
                        {t('home.comingSoon')}
                      </Badge>
                    )}
                  </Group>
                  <Title order={2} size="h4">
                    {/*
                     * The link is the title, named by its own words (WCAG 2.5.3, label in name),
                     * and stretched over the whole card; the rest (coming soon, what it is for,
                     * counts) describes it.
                     */}
                    <Anchor
                      component={Link}
                      to={area.path}
                      c="inherit"
                      underline="hover"
                      className="admin-home-card-link"
                      data-testid={`admin-home-${area.id}`}
                      aria-describedby={[isComingSoon ? id('soon') : '', id('body'), id('status')]
                        .filter(Boolean)
                        .join(' ')}
                    >
                      {t(`home.areas.${area.id}.title`)}
                    </Anchor>
                  </Title>
                  <Text size="sm" c="dimmed" style={{ flex: 1 }} id={id('body')}>
                    {t(`home.areas.${area.id}.body`)}
                  </Text>
                  <div id={id('status')}>{statusOf(area)}</div>
                </Stack>
              </Card>
            </li>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

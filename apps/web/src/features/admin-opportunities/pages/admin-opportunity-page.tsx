import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { BackIcon } from '../../../components/back-icon';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatNumber } from '../../../lib/format';
import { routeNotFound } from '../../../lib/route-not-found';
import { toasts } from '../../../lib/toasts';
import { formatDateTime, formatDay } from '../../../lib/tunis-time';
import { useTranslation } from '../../../lib/use-translation';
import {
  type AdminOpportunityDetail,
  useAdminOpportunity,
  useCloseAdminOpportunity,
} from '../api/admin-opportunities';
import { CloseDialog } from '../components/close-dialog';
import { OpportunityStateBadge } from '../components/state-badge';
import { moneyInText, usePriceBand } from '../format';
import { ADMIN_OPPORTUNITIES_PATH } from '../paths';

const parseId = (value: string | undefined) =>
  value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;

const lineColors: Record<string, string> = {
  accepted: 'blue',
  submitted: 'orange',
  debriefed: 'orange',
  disputed: 'orange',
  link_submitted: 'orange',
  rejected: 'red',
  link_declined: 'red',
  approved: 'teal',
  paid: 'teal',
  completed: 'teal',
};

const applicationColors: Record<string, string> = {
  under_review: 'blue',
  debriefed: 'orange',
  accepted: 'teal',
  accepted_and_approved: 'teal',
  accepted_and_debriefed: 'orange',
};

/** A section of the page: a heading and what it lists (or why it lists nothing). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** A row of a list: its words at the start, its badge at the end, wrapping on a phone. */
function Row({ children, badge }: { children: ReactNode; badge: ReactNode }) {
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <div style={{ minWidth: 0 }}>{children}</div>
        {badge}
      </Group>
    </Paper>
  );
}

function Facts({ opportunity }: { opportunity: AdminOpportunityDetail }) {
  const { t, i18n } = useTranslation('admin-opportunities');
  const language = i18n.language;
  const priceBand = usePriceBand();
  const notSet = t('detail.notSet');
  const facts: Array<[string, string]> = [
    [
      t('detail.spots'),
      t('detail.spotsValue', {
        taken: formatNumber(opportunity.spots_taken, language),
        spots: opportunity.spots === null ? '—' : formatNumber(opportunity.spots, language),
      }),
    ],
    [t('detail.priceBand'), priceBand(opportunity.price_min, opportunity.price_max)],
    [
      t('detail.applicationDeadline'),
      opportunity.application_deadline
        ? formatDay(opportunity.application_deadline, language)
        : notSet,
    ],
    [
      t('detail.deliveryDeadline'),
      opportunity.delivery_deadline
        ? formatDateTime(opportunity.delivery_deadline, language)
        : notSet,
    ],
    [
      t('detail.publishedOn'),
      opportunity.published_at ? formatDay(opportunity.published_at, language) : notSet,
    ],
    [t('detail.since'), formatDateTime(opportunity.entered_at, language)],
    [t('detail.visibility'), t(`detail.visibilities.${opportunity.visibility}`)],
    [
      t('detail.video'),
      [
        opportunity.video_duration === null
          ? null
          : t('detail.seconds', { seconds: formatNumber(opportunity.video_duration, language) }),
        opportunity.platforms.map((platform) => t(`platforms.${platform}`)).join(', '),
      ]
        .filter(Boolean)
        .join(' · ') || notSet,
    ],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" m={0}>
      {facts.map(([label, value]) => (
        <Paper key={label} withBorder p="sm" radius="md">
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" fw={500} m={0}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Applications({ opportunity }: { opportunity: AdminOpportunityDetail }) {
  const { t, i18n } = useTranslation('admin-opportunities');
  const language = i18n.language;
  const { applications, counts } = opportunity;
  return (
    <Section
      title={t('detail.applicationsTitle', { total: formatNumber(counts.applications, language) })}
    >
      {applications.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.noApplications')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {applications.map((application) => (
            <Row
              key={application.content_opportunity_influencer_id}
              badge={
                <Badge
                  variant="light"
                  color={applicationColors[application.label] ?? 'gray'}
                  style={{ flexShrink: 0 }}
                >
                  {t(`applicationLabels.${application.label}`)}
                </Badge>
              }
            >
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                <bdi>{application.creator.name || t('detail.unnamed')}</bdi>
              </Text>
              <Text size="xs" c="dimmed">
                {t('detail.applicationMeta', {
                  price: moneyInText(application.price, language),
                  date: formatDay(application.created_at, language),
                })}
              </Text>
              {application.reason && (
                <Text size="xs" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                  {application.reason}
                </Text>
              )}
            </Row>
          ))}
        </Stack>
      )}
      {applications.length < counts.applications && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('detail.newestShown', {
            shown: formatNumber(applications.length, language),
            total: formatNumber(counts.applications, language),
          })}
        </Text>
      )}
    </Section>
  );
}

function Deliveries({ opportunity }: { opportunity: AdminOpportunityDetail }) {
  const { t, i18n } = useTranslation('admin-opportunities');
  const language = i18n.language;
  return (
    <Section
      title={t('detail.linesTitle', { total: formatNumber(opportunity.lines.length, language) })}
    >
      {opportunity.lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.noLines')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {opportunity.lines.map((line) => (
            <Row
              key={line.content_request_influencer_id}
              badge={
                <Badge
                  variant="light"
                  color={lineColors[line.state] ?? 'gray'}
                  style={{ flexShrink: 0 }}
                >
                  {t(`lineStates.${line.state}`)}
                </Badge>
              }
            >
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {line.reference} · <bdi>{line.creator_name || t('detail.unnamed')}</bdi>
              </Text>
              <Text size="xs" c="dimmed">
                {t('detail.lineMeta', {
                  price: moneyInText(line.price, language),
                  date: formatDateTime(line.entered_at, language),
                })}
                {line.funds_secured && ` · ${t('detail.fundsSecured')}`}
              </Text>
            </Row>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/**
 * `/admin/opportunities/{content_opportunity_id}` (ADMIN): one opportunity as the team looks
 * after it — its advertiser, facts, brief, applications and delivery lines — and, while it is
 * open, the early close with a reason (confirmed first: it cannot be undone).
 */
export default function AdminOpportunityPage() {
  const { t } = useTranslation('admin-opportunities');
  const errorMessage = useApiErrorMessage();
  const id = parseId(useParams().content_opportunity_id);
  const opportunity = useAdminOpportunity(id ?? 0, id !== null);
  const close = useCloseAdminOpportunity();
  const [closing, setClosing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (id === null) throw routeNotFound();
  if (opportunity.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (opportunity.isError) {
    if (opportunity.error instanceof ApiError && opportunity.error.status === 404) {
      throw routeNotFound();
    }
    return (
      <LoadErrorAlert
        error={opportunity.error}
        message={t('detail.loadError')}
        onRetry={() => void opportunity.refetch()}
      />
    );
  }
  const data = opportunity.data;
  const canClose = data.allowed_transitions.includes('admin_close');

  const confirm = (reason: string) => {
    close.mutate(
      { id, reason },
      {
        onSuccess: () => {
          setClosing(false);
          toasts.show({ color: 'teal', message: t('close.done', { reference: data.reference }) });
          // The button is gone: the focus goes to the page's heading, not to the top of it.
          requestAnimationFrame(() => headingRef.current?.focus());
        },
        onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={ADMIN_OPPORTUNITIES_PATH} size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <BackIcon />
          {t('detail.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {data.reference}
          </Text>
          <Title
            order={1}
            ref={headingRef}
            tabIndex={-1}
            style={{ overflowWrap: 'anywhere', outline: 'none' }}
          >
            <bdi>{data.title || t('untitled')}</bdi>
          </Title>
          <Text c="dimmed">{t('card.advertiser', { name: data.advertiser.name })}</Text>
        </div>
        <Group gap="sm">
          <OpportunityStateBadge state={data.state} />
          {canClose && (
            <Button color="red" variant="light" onClick={() => setClosing(true)}>
              {t('close.open')}
            </Button>
          )}
        </Group>
      </Group>
      {data.reason && (
        <Alert
          role="note"
          color={data.state === 'closed' ? 'red' : 'gray'}
          title={t(data.state === 'closed' ? 'detail.closedReason' : 'detail.reason')}
        >
          <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {data.reason}
          </Text>
        </Alert>
      )}
      <Facts opportunity={data} />
      <Section title={t('detail.briefTitle')}>
        <Text
          size="sm"
          dir="auto"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          c={data.brief ? undefined : 'dimmed'}
        >
          {data.brief || t('detail.noBrief')}
        </Text>
      </Section>
      <Applications opportunity={data} />
      <Deliveries opportunity={data} />
      {canClose && (
        <CloseDialog
          opportunity={data}
          opened={closing}
          pending={close.isPending}
          onClose={() => setClosing(false)}
          onConfirm={confirm}
        />
      )}
    </Stack>
  );
}

import type { Opportunity } from '@clipmarket/contracts/opportunities';
import type { OpportunityState } from '@clipmarket/contracts/workflows/opportunity';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useDirection,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { Money } from '../../../components/checkout/money';
import { LicenceTermsSummary } from '../../../components/licence-terms/licence-terms-summary';
import { IconArrowLeft } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { useCloseOpportunity, useStopApplications } from '../api/opportunity';
import { formatDay } from '../format';
import { applicationsPath, interestsPath, OPPORTUNITIES_PATH } from '../paths';
import { ActionDialog } from './action-dialog';

const stateColors: Record<OpportunityState, string> = {
  draft: 'gray',
  published: 'blue',
  live: 'green',
  ongoing: 'teal',
  completed: 'green',
  expired: 'gray',
  closed: 'red',
  discarded: 'gray',
};

/** Stopping needs an accepted creator; closing, none (workflows/opportunity.ts). */
export const canStopApplications = (opportunity: Opportunity) =>
  opportunity.state === 'live' && opportunity.spots_taken >= 1;
export const canClose = (opportunity: Opportunity) =>
  (opportunity.state === 'live' || opportunity.state === 'published') &&
  opportunity.spots_taken === 0;

export type OpportunityPage = 'applications' | 'interests';

/**
 * The top of an opportunity's applications and interests pages: which opportunity (its
 * reference, title and status), its spots, price band and application deadline, the usage
 * rights it buys (issue 27 §1), the links between its two pages, and what its advertiser may
 * still do to it (stop its applications, close it), each confirmed first.
 */
export function OpportunityHeader({
  opportunity,
  current,
}: {
  opportunity: Opportunity;
  current: OpportunityPage;
}) {
  const { t, i18n } = useTranslation('opportunity-applications');
  const { dir } = useDirection();
  const language = i18n.language;
  const id = opportunity.content_opportunity_id;
  const { spots, spots_taken: taken, price_min: min, price_max: max } = opportunity;

  const facts = [
    {
      key: 'spots',
      label: t('opportunity.spots'),
      value:
        spots === null
          ? t('opportunity.spotsTaken', { taken })
          : t('opportunity.spotsTakenLeft', { taken, left: Math.max(spots - taken, 0) }),
    },
    {
      key: 'price',
      label: t('opportunity.priceBand'),
      value:
        min !== null && max !== null ? (
          <>
            <Money millimes={min} /> – <Money millimes={max} />
          </>
        ) : (
          t('common.notSet')
        ),
    },
    {
      key: 'deadline',
      label: t('opportunity.deadline'),
      value: opportunity.application_deadline
        ? formatDay(opportunity.application_deadline, language)
        : t('common.notSet'),
    },
  ];
  const pages: { page: OpportunityPage; to: string; label: string }[] = [
    { page: 'applications', to: applicationsPath(id), label: t('opportunity.applicationsPage') },
    { page: 'interests', to: interestsPath(id), label: t('opportunity.interestsPage') },
  ];

  return (
    <Stack gap="md">
      <Anchor component={Link} to={OPPORTUNITIES_PATH} size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft
            size={16}
            aria-hidden
            style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}
          />
          {t('common.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t('opportunity.reference', { reference: opportunity.reference })}
          </Text>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {opportunity.title || t('common.untitled')}
          </Title>
        </div>
        <Badge color={stateColors[opportunity.state]} variant="light" size="lg">
          <VisuallyHidden>{`${t('opportunity.state')}: `}</VisuallyHidden>
          {t(`opportunity.states.${opportunity.state}`)}
        </Badge>
      </Group>
      <Paper component="section" aria-label={t('opportunity.facts')} withBorder radius="md" p="md">
        <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="md" m={0}>
          {facts.map((fact) => (
            <Stack key={fact.key} gap={2}>
              <Text component="dt" size="xs" c="dimmed">
                {fact.label}
              </Text>
              <Text component="dd" fw={600} m={0}>
                {fact.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Paper>
      <LicenceTermsSummary terms={opportunity.licence} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group component="nav" gap="xs" aria-label={t('opportunity.pages')}>
          {pages.map((item) => (
            <Button
              key={item.page}
              component={Link}
              to={item.to}
              variant={item.page === current ? 'light' : 'subtle'}
              aria-current={item.page === current ? 'page' : undefined}
            >
              {item.label}
            </Button>
          ))}
        </Group>
        <OpportunityActions opportunity={opportunity} />
      </Group>
    </Stack>
  );
}

function OpportunityActions({ opportunity }: { opportunity: Opportunity }) {
  const { t } = useTranslation('opportunity-applications');
  const errorMessage = useApiErrorMessage();
  const id = opportunity.content_opportunity_id;
  const stop = useStopApplications(id);
  const close = useCloseOpportunity(id);
  const [open, setOpen] = useState<'stop' | 'close' | null>(null);
  const showStop = canStopApplications(opportunity);
  const showClose = canClose(opportunity);
  if (!showStop && !showClose && open === null) return null;

  const failure = (error: unknown) =>
    error ? (
      <Alert color="red" role="alert">
        {errorMessage(error)}
      </Alert>
    ) : null;
  const dismiss = () => {
    setOpen(null);
    stop.reset();
    close.reset();
  };
  return (
    <Group gap="xs" role="group" aria-label={t('opportunity.actions')}>
      {showStop && (
        <Button variant="default" onClick={() => setOpen('stop')}>
          {t('opportunity.stop.action')}
        </Button>
      )}
      {showClose && (
        <Button variant="subtle" color="red" onClick={() => setOpen('close')}>
          {t('opportunity.close.action')}
        </Button>
      )}
      <ActionDialog
        opened={open === 'stop'}
        title={t('opportunity.stop.title')}
        text={t('opportunity.stop.text')}
        confirmLabel={t('opportunity.stop.confirm')}
        isBusy={stop.isPending}
        error={failure(stop.error)}
        onConfirm={() =>
          stop.mutate(undefined, {
            onSuccess: () => {
              setOpen(null);
              toasts.show({ color: 'green', message: t('opportunity.stop.done') });
            },
          })
        }
        onClose={dismiss}
      />
      <ActionDialog
        opened={open === 'close'}
        title={t('opportunity.close.title')}
        text={t('opportunity.close.text')}
        reasonLabel={t('opportunity.close.reason')}
        confirmLabel={t('opportunity.close.confirm')}
        confirmColor="red"
        isBusy={close.isPending}
        error={failure(close.error)}
        onConfirm={(reason) =>
          close.mutate(reason, {
            onSuccess: () => {
              setOpen(null);
              toasts.show({ color: 'green', message: t('opportunity.close.done') });
            },
          })
        }
        onClose={dismiss}
      />
    </Group>
  );
}

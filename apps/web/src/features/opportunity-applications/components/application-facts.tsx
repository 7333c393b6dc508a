import type { Application } from '@clipmarket/contracts/opportunities';
import type { ApplicationLabel } from '@clipmarket/contracts/workflows/opportunity-application';
import { Anchor, Badge, Group, Rating, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Money } from '../../../components/checkout/money';
import { IconBrandInstagram, IconBrandTiktok } from '../../../components/icons';
import { formatNumber, formatPercent, formatPercentage } from '../../../lib/format';
import type { TFunction } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import { formatDay } from '../format';
import { linePath } from '../paths';

const labelColors: Record<ApplicationLabel, string> = {
  under_review: 'blue',
  debriefed: 'orange',
  accepted: 'teal',
  accepted_and_approved: 'green',
  accepted_and_debriefed: 'orange',
  declined: 'red',
  withdrawn: 'gray',
  closed: 'gray',
};

/** An application's state in words (spec §4 application states); the colour repeats it. */
export function ApplicationLabelBadge({ label }: { label: ApplicationLabel }) {
  const { t } = useTranslation('opportunity-applications');
  return (
    <Badge color={labelColors[label]} variant="light" style={{ flexShrink: 0 }}>
      {t(`applications.labels.${label}`)}
    </Badge>
  );
}

/** Labels whose reason the advertiser gave (a decline, a debrief). */
const labelsWithReason: readonly ApplicationLabel[] = ['declined', 'debriefed'];

export interface ApplicationFact {
  key: string;
  label: string;
  value: ReactNode;
}

/**
 * What the advertiser compares of an application (issue 23 §4), in one order for the cards
 * and the side-by-side table: price, the creator's track record and audience, then what they
 * wrote (pitch, one answer per screening question, in the questions' order) and their sample.
 */
export function applicationFacts(
  application: Application,
  questions: readonly string[],
  { t, language }: { t: TFunction; language: string },
  { withStatus = false }: { withStatus?: boolean } = {},
): ApplicationFact[] {
  const { creator } = application;
  const facts: ApplicationFact[] = [];
  if (withStatus) {
    facts.push({
      key: 'status',
      label: t('applications.facts.status'),
      value: <ApplicationLabelBadge label={application.label} />,
    });
  }
  facts.push(
    {
      key: 'price',
      label: t('applications.facts.price'),
      value: (
        <Text span fw={700}>
          <Money millimes={application.price} />
        </Text>
      ),
    },
    {
      key: 'rating',
      label: t('applications.facts.rating'),
      value:
        creator.rating === null ? (
          t('applications.noRating')
        ) : (
          <Group gap={6} component="span" wrap="wrap">
            <Rating value={creator.rating} fractions={10} readOnly size="sm" aria-hidden />
            <span>
              {t('applications.ratingValue', {
                rating: formatPercent(Math.round(creator.rating * 10) / 10, language),
              })}
              {' · '}
              {t('applications.ratings', { count: creator.ratings })}
            </span>
          </Group>
        ),
    },
    {
      key: 'onTime',
      label: t('applications.facts.onTime'),
      value:
        creator.on_time_rate === null
          ? t('applications.noOnTime')
          : formatPercentage(Math.round(creator.on_time_rate * 100), language),
    },
    {
      key: 'deliveries',
      label: t('applications.facts.deliveries'),
      value: formatNumber(creator.deliveries, language),
    },
    {
      key: 'audience',
      label: t('applications.facts.audience'),
      value: <Audience audience={creator.audience} />,
    },
    {
      key: 'pitch',
      label: t('applications.facts.pitch'),
      value: (
        <Text span inherit style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {application.pitch}
        </Text>
      ),
    },
    ...questions.map((question, index) => ({
      key: `answer-${index}`,
      label: question,
      value: application.answers[index] ? (
        <Text span inherit style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {application.answers[index]}
        </Text>
      ) : (
        t('applications.noAnswer')
      ),
    })),
    {
      key: 'sample',
      label: t('applications.facts.sample'),
      value:
        application.sample_line_id === null ? (
          t('applications.noSample')
        ) : (
          <Anchor component={Link} to={linePath(application.sample_line_id)}>
            {t('applications.watchSample')}
          </Anchor>
        ),
    },
  );
  if (application.reason && labelsWithReason.includes(application.label)) {
    facts.push({
      key: 'reason',
      label: t('applications.facts.reason'),
      value: (
        <Text span inherit style={{ overflowWrap: 'anywhere' }}>
          {application.reason}
        </Text>
      ),
    });
  }
  if (application.line) {
    facts.push({
      key: 'video',
      label: t('applications.facts.video'),
      value: (
        <Anchor component={Link} to={linePath(application.line.content_request_influencer_id)}>
          {t('applications.followVideo')}
        </Anchor>
      ),
    });
  }
  return facts;
}

/** Per platform: followers and engagement, with where they come from and when measured. */
function Audience({ audience }: { audience: Application['creator']['audience'] }) {
  const { t, i18n } = useTranslation('opportunity-applications');
  const language = i18n.language;
  if (audience.length === 0) return <>{t('applications.noAudience')}</>;
  return (
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
      {audience.map((figure) => {
        const Icon = figure.platform === 'instagram' ? IconBrandInstagram : IconBrandTiktok;
        const source = t(`applications.sources.${figure.source}`, { defaultValue: figure.source });
        return (
          <li key={figure.platform}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <Icon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {t(`applications.platforms.${figure.platform}`)}
                </Text>
                <Text size="sm">
                  {figure.followers === null
                    ? null
                    : t('applications.followers', {
                        count: formatNumber(figure.followers, language),
                      })}
                  {figure.followers !== null && figure.engagement_rate !== null ? ' · ' : null}
                  {figure.engagement_rate === null
                    ? null
                    : t('applications.engagement', {
                        rate: formatPercentage(figure.engagement_rate, language),
                      })}
                </Text>
                <Text size="xs" c="dimmed">
                  {figure.measured_at
                    ? t('applications.measured', {
                        source,
                        date: formatDay(figure.measured_at, language),
                      })
                    : source}
                </Text>
              </Stack>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}

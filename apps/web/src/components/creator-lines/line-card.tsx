import type { CreatorLine } from '@clipmarket/contracts/content-requests';
import { Anchor, Avatar, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link, useLocation } from 'wouter';
import { Money } from '../checkout/money';
import { formatDateTime } from './format-time';
import { AnswerBy } from './answer-by';
import { FundsSecuredBadge } from './funds-secured-badge';
import { LineStatusBadge } from './line-status-badge';

/**
 * Where a line opens: a request's on `/make-content/{id}`, an opportunity's on
 * `/track-content/{id}` (the same delivery screen, spec §2 routes, ADR 035).
 */
export const lineDetailsPathOf = (
  line: Pick<CreatorLine, 'content_request_influencer_id' | 'source'>,
) =>
  `${line.source.kind === 'opportunity' ? '/track-content' : '/make-content'}/${line.content_request_influencer_id}`;

/** The line's reference, named after its source ("Request CR-…", "Opportunity OP-…"). */
const referenceKeyOf = (line: Pick<CreatorLine, 'source'>) =>
  line.source.kind === 'opportunity' ? 'card.opportunityReference' : 'card.reference';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" fw={500} component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/**
 * Spec §3 "Content request card": id, title, deadline, length and price, format, description;
 * with the advertiser, the state, the answer time of a new request and "funds secured". An
 * opportunity's line (Track Content) is the same card, with the opportunity's reference. The
 * title is the link (keyboard and screen readers); a click anywhere on the card opens it too.
 */
export function LineCard({ line }: { line: CreatorLine }) {
  const { t, i18n } = useTranslation('accept-requests');
  const [, navigate] = useLocation();
  const titleId = useId();
  const path = lineDetailsPathOf(line);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={titleId}
      data-testid="request-card"
      style={{ cursor: 'pointer' }}
      onClick={(event) => {
        // The link handles its own clicks (and modified clicks: new tab).
        if ((event.target as HTMLElement).closest('a')) return;
        navigate(path);
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar
              src={line.advertiser.profile_picture_url}
              alt=""
              radius="xl"
              name={line.advertiser.name}
              color="initials"
            />
            <div style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                {t(referenceKeyOf(line), { reference: line.reference })}
                {' · '}
                {t('card.from', { name: line.advertiser.name })}
              </Text>
              <Title order={3} size="h4" id={titleId} lineClamp={2}>
                <Anchor component={Link} to={path} inherit c="inherit">
                  {line.title}
                </Anchor>
              </Title>
            </div>
          </Group>
          <Group gap={6} justify="flex-end">
            <LineStatusBadge status={line.status} />
            {line.funds_secured && <FundsSecuredBadge />}
          </Group>
        </Group>
        {line.status === 'sent' && line.answer_by && <AnswerBy answerBy={line.answer_by} />}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
          <Fact label={t('card.deadline')}>
            {formatDateTime(line.delivery_deadline, i18n.language)}
          </Fact>
          <Fact label={t('card.duration')}>
            {t('card.seconds', { count: line.video_duration })}
          </Fact>
          <Fact label={t('card.price')}>
            <Money millimes={line.price} />
          </Fact>
          <Fact label={t('card.format')}>
            {line.format ? t(`formats.${line.format}`) : t('details.none')}
          </Fact>
        </SimpleGrid>
        {line.description && (
          <Text size="sm" c="dimmed" lineClamp={3} dir="auto">
            {line.description}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

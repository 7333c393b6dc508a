import type { OpportunityCard } from '@clipmarket/contracts/opportunities';
import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Money } from '../../../components/checkout/money';
import { useContentTypeLabel } from '../../../lib/content-types';
import { formatDateTime, formatDay } from '../../../lib/tunis-time';
import { useTranslation } from '../../../lib/use-translation';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
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

/** The price band per video: one amount when its ends are equal. */
export function PriceBand({ min, max }: { min: number; max: number }) {
  return min === max ? (
    <Money millimes={min} />
  ) : (
    <>
      <Money millimes={min} />
      {' – '}
      <Money millimes={max} />
    </>
  );
}

/**
 * Spec §3 opportunity card's facts: the video asked for, where it is published, the accounts a
 * creator needs, the price band, the spots left and the three deadlines.
 */
export function OpportunityFacts({ card }: { card: OpportunityCard }) {
  const { t, i18n } = useTranslation(['discover-opportunities', 'pages']);
  const language = i18n.language;
  const contentTypeLabel = useContentTypeLabel();
  const none = t('common.none');
  const platformList = (list: readonly string[]) =>
    list.length > 0
      ? list
          .map((platform) => t(`pages:platforms.${platform}`))
          .join(language === 'tn' ? '، ' : ', ')
      : none;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" component="dl" m={0}>
      <Fact label={t('card.priceBand')}>
        <PriceBand min={card.price_min} max={card.price_max} />
      </Fact>
      <Fact label={t('card.spotsLeft')}>{card.spots_left}</Fact>
      <Fact label={t('card.contentType')}>
        {card.content_type ? contentTypeLabel(card.content_type) : none}
      </Fact>
      <Fact label={t('card.length')}>
        {card.video_duration !== null ? t('card.seconds', { count: card.video_duration }) : none}
      </Fact>
      <Fact label={t('card.format')}>{card.format ? t(`formats.${card.format}`) : none}</Fact>
      <Fact label={t('card.platforms')}>{platformList(card.platforms)}</Fact>
      <Fact label={t('card.creatorPlatforms')}>{platformList(card.creator_platforms)}</Fact>
      <Fact label={t('card.applicationDeadline')}>
        {formatDay(card.application_deadline, language)}
      </Fact>
      <Fact label={t('card.deliveryDeadline')}>
        {card.delivery_deadline ? formatDateTime(card.delivery_deadline, language) : none}
      </Fact>
      <Fact label={t('card.publishingDeadline')}>
        {card.publishing_deadline ? formatDay(card.publishing_deadline, language) : none}
      </Fact>
    </SimpleGrid>
  );
}

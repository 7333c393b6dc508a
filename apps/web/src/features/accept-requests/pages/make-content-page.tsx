import type { CreatorRequestFilter } from '@clipmarket/contracts/workflows/content-request-line';
import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  type CreatorLinesPage,
  requestLines,
  useCreatorLines,
  useLiveLines,
} from '../../../lib/creator-lines';
import { EmptyLines } from '../../../components/creator-lines/empty-lines';
import { LineList } from '../../../components/creator-lines/line-list';

/** The creator's work: accepted requests to film, revisions asked, videos in review. */
const sections: readonly { filter: CreatorRequestFilter; title: string }[] = [
  { filter: 'accepted', title: 'makeContent.toMake' },
  { filter: 'debriefed', title: 'makeContent.toRevise' },
  { filter: 'in_review', title: 'makeContent.inReview' },
];

function Section({ filter, title }: { filter: CreatorRequestFilter; title: string }) {
  const { t } = useTranslation('accept-requests');
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t(title)}
      </Title>
      <LineList
        query={requestLines(filter)}
        labels={{
          loading: t('list.loading'),
          loadError: t('list.loadError'),
          loadMore: t('list.loadMore'),
        }}
        empty={
          <Text c="dimmed" size="sm">
            {t('makeContent.sectionEmpty')}
          </Text>
        }
      />
    </Stack>
  );
}

/**
 * `/make-content` (spec §2 "Creator makes content"): the requests the creator accepted and is
 * working on, each opening its details (`/make-content/{id}`), where part 2 adds the upload.
 */
export default function MakeContentPage() {
  const { t } = useTranslation('accept-requests');
  useLiveLines();
  // One empty state for the whole page when no section has anything (the sections' own
  // queries: the same cache entries, fetched once).
  const accepted = useCreatorLines(requestLines('accepted'));
  const debriefed = useCreatorLines(requestLines('debriefed'));
  const inReview = useCreatorLines(requestLines('in_review'));
  const isEmpty = (pages: CreatorLinesPage[] | undefined) =>
    pages !== undefined && pages.every((page) => page.data.length === 0);
  const isAllEmpty =
    isEmpty(accepted.data?.pages) &&
    isEmpty(debriefed.data?.pages) &&
    isEmpty(inReview.data?.pages);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('makeContent.title')}</Title>
        <Text c="dimmed">{t('makeContent.intro')}</Text>
      </div>
      {isAllEmpty ? (
        <EmptyLines
          title={t('makeContent.emptyTitle')}
          body={t('makeContent.emptyBody')}
          action={{ label: t('makeContent.openRequests'), to: '/accept-requests' }}
        />
      ) : (
        sections.map((section) => <Section key={section.filter} {...section} />)
      )}
    </Stack>
  );
}

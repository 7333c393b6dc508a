import { Button, Modal } from '@mantine/core';
import { useState } from 'react';
import { formatNumber } from '../../lib/format';
import { useUserReviews, type ReviewsOf } from '../../lib/reviews';
import { useTranslation } from '../../lib/use-translation';
import { UserReviews } from './user-reviews';

/**
 * "Reviews (12) ★4.6" beside a creator or an advertiser (a request's or opportunity's card):
 * opens their reviews in a dialog. Nothing while the count loads.
 */
export function ReviewsLink({ of, name }: { of: ReviewsOf; name: string }) {
  const { t, i18n } = useTranslation('reviews');
  const [opened, setOpened] = useState(false);
  const reviews = useUserReviews(of);
  const summary = reviews.data?.pages[0]?.summary;
  if (!summary) return null;
  const label =
    summary.average === null
      ? t('list.link', { count: summary.count })
      : t('list.linkWithAverage', {
          count: summary.count,
          average: formatNumber(summary.average, i18n.language),
        });
  return (
    <>
      <Button variant="subtle" size="compact-sm" px={4} onClick={() => setOpened(true)}>
        {label}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`${t('list.title')} · ${name}`}
        closeButtonProps={{ 'aria-label': t('list.close') }}
        size="lg"
      >
        <UserReviews of={of} />
      </Modal>
    </>
  );
}

import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';

const colors: Partial<Record<ContentRequestLineState, string>> = {
  submitted: 'yellow',
  debriefed: 'orange',
  rejected: 'red',
  disputed: 'red',
  approved: 'teal',
  paid: 'green',
  link_submitted: 'green',
  link_declined: 'orange',
  completed: 'green',
};

/** A line's state in words, as the advertiser follows it (the colour only repeats it). */
export function LineStatus({ status }: { status: ContentRequestLineState }) {
  const { t } = useTranslation('manage-content');
  return (
    <Badge color={colors[status] ?? 'gray'} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

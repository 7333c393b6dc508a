import {
  type ContentRequestLineState,
  lineLabelOf,
} from '@clipmarket/contracts/workflows/content-request-line';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../lib/use-translation';

/** Badge colours by spec §4 label (the words say it; the colour repeats it). */
const labelColors: Record<string, string> = {
  sent: 'violet',
  accepted: 'blue',
  declined: 'red',
  expired: 'gray',
  cancelled: 'gray',
  in_review: 'yellow',
  debriefed: 'orange',
  disputed: 'red',
  approved: 'teal',
  completed: 'green',
};

/** A line's state as the spec §4 label (rejected shows "Declined", paid "Approved", …). */
export function LineStatusBadge({ status }: { status: ContentRequestLineState }) {
  const { t } = useTranslation('accept-requests');
  const label = lineLabelOf[status];
  return (
    <Badge color={labelColors[label] ?? 'gray'} variant="light">
      {t(`status.${label}`)}
    </Badge>
  );
}

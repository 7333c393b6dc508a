import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { labelColors, labelOf } from '../line-state';

/** A line's state as the spec §4 label (rejected shows "Declined", paid "Approved", …). */
export function LineStatusBadge({ status }: { status: ContentRequestLineState }) {
  const { t } = useTranslation('accept-requests');
  const label = labelOf(status);
  return (
    <Badge color={labelColors[label] ?? 'gray'} variant="light">
      {t(`status.${label}`)}
    </Badge>
  );
}

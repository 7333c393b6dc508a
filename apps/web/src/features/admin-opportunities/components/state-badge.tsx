import type { OpportunityState } from '@clipmarket/contracts/workflows/opportunity';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';

const stateColors: Record<OpportunityState, string> = {
  draft: 'gray',
  published: 'blue',
  live: 'green',
  ongoing: 'teal',
  completed: 'violet',
  expired: 'gray',
  closed: 'red',
  discarded: 'gray',
};

/** An opportunity's state, in words and colour. */
export function OpportunityStateBadge({ state }: { state: OpportunityState }) {
  const { t } = useTranslation('admin-opportunities');
  return (
    <Badge variant="light" color={stateColors[state]} style={{ flexShrink: 0 }}>
      {t(`states.${state}`)}
    </Badge>
  );
}

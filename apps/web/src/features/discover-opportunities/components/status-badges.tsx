import type {
  ApplicationLabel,
  CreatorOpportunityLabel,
} from '@clipmarket/contracts/workflows/opportunity-application';
import { Badge } from '@mantine/core';
import { IconRosetteDiscountCheck } from '../../../components/icons';
import { useTranslation } from '../../../lib/use-translation';

const opportunityColors: Record<CreatorOpportunityLabel, string> = {
  published: 'blue',
  accepted: 'teal',
  expired: 'gray',
  declined: 'red',
};

/** Spec §4 opportunity label as the creator sees it; the colour only repeats the word. */
export function OpportunityLabelBadge({ label }: { label: CreatorOpportunityLabel }) {
  const { t } = useTranslation('discover-opportunities');
  return (
    <Badge color={opportunityColors[label]} variant="light">
      {t(`labels.${label}`)}
    </Badge>
  );
}

const applicationColors: Record<ApplicationLabel, string> = {
  under_review: 'yellow',
  debriefed: 'orange',
  accepted: 'teal',
  accepted_and_approved: 'green',
  accepted_and_debriefed: 'orange',
  declined: 'red',
  withdrawn: 'gray',
  closed: 'gray',
};

/** Spec §4 application state (under review, accepted and approved, …) in words. */
export function ApplicationLabelBadge({ label }: { label: ApplicationLabel }) {
  const { t } = useTranslation('discover-opportunities');
  return (
    <Badge color={applicationColors[label]} variant="outline">
      {t(`applicationLabels.${label}`)}
    </Badge>
  );
}

/** The agreed price is held for this delivery line ("funds secured"). */
export function FundsSecuredBadge() {
  const { t } = useTranslation('discover-opportunities');
  return (
    <Badge
      color="teal"
      variant="outline"
      leftSection={<IconRosetteDiscountCheck size={14} aria-hidden />}
    >
      {t('track.fundsSecured')}
    </Badge>
  );
}

import { Stepper } from '../../../components/stepper';
import { useTranslation } from '../../../lib/use-translation';

export const opportunitySteps = ['info', 'brief', 'checkout'] as const;
export type OpportunityStep = (typeof opportunitySteps)[number];

/**
 * The three steps of an opportunity (spec §2 "Opportunity, 3 steps: info, brief, checkout"),
 * across the pages `/add` or `/{id}` (info, brief) and `/{id}/payment`.
 */
export function OpportunityStepper({ current }: { current: OpportunityStep }) {
  const { t } = useTranslation('publish-opportunity');
  const currentIndex = opportunitySteps.indexOf(current);
  return (
    <Stepper
      currentIndex={currentIndex}
      texts={{
        label: t('stepper.label'),
        names: opportunitySteps.map((step) => t(`stepper.${step}`)),
        current: t('stepper.current', {
          step: currentIndex + 1,
          total: opportunitySteps.length,
          name: t(`stepper.${current}`),
        }),
        done: t('stepper.done'),
      }}
    />
  );
}

import { Stepper } from '../../../components/stepper';
import { useTranslation } from '../../../lib/use-translation';

export const requestSteps = ['creators', 'info', 'script', 'checkout'] as const;
export type RequestStep = (typeof requestSteps)[number];

/**
 * The four steps of a content request (spec §2 "Content request, 4 steps"), across the pages
 * `/add`, `/{id}` (info, script) and `/{id}/payment`.
 */
export function RequestStepper({ current }: { current: RequestStep }) {
  const { t } = useTranslation('content-requests');
  const currentIndex = requestSteps.indexOf(current);
  return (
    <Stepper
      currentIndex={currentIndex}
      texts={{
        label: t('stepper.label'),
        names: requestSteps.map((step) => t(`stepper.${step}`)),
        current: t('stepper.current', {
          step: currentIndex + 1,
          total: requestSteps.length,
          name: t(`stepper.${current}`),
        }),
        done: t('stepper.done'),
      }}
    />
  );
}

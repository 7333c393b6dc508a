import { useTranslation } from '../../../lib/use-translation';
import { IconClock, IconCoin, IconFileText, IconUpload } from '../../../components/icons';
import { GuideStepper, type GuideStep } from './guide-stepper';

/**
 * Spec §1: the request stepper — Content Request Details, Upload your content,
 * Wait for review, Get paid for your work.
 */
export const requestSteps: readonly GuideStep[] = [
  { id: 'details', icon: IconFileText },
  { id: 'upload', icon: IconUpload },
  { id: 'review', icon: IconClock },
  { id: 'paid', icon: IconCoin },
];

export function RequestStepper() {
  const { t } = useTranslation('onboarding');
  return <GuideStepper prefix="request" steps={requestSteps} label={t('request.title')} />;
}

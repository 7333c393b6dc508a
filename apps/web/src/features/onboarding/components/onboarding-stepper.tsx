import { useTranslation } from '../../../lib/use-translation';
import { IconBulb, IconSparkles, IconUpload, IconVideo } from '../../../components/icons';
import { GuideStepper, type GuideStep } from './guide-stepper';

/** Spec §1: the creator onboarding stepper — Ideate, Inspire, Create first content, Upload video. */
export const creatorOnboardingSteps: readonly GuideStep[] = [
  { id: 'ideate', icon: IconBulb },
  { id: 'inspire', icon: IconSparkles },
  { id: 'create', icon: IconVideo },
  { id: 'upload', icon: IconUpload },
];

export function OnboardingStepper() {
  const { t } = useTranslation('onboarding');
  return (
    <GuideStepper prefix="creator" steps={creatorOnboardingSteps} label={t('creator.title')} />
  );
}

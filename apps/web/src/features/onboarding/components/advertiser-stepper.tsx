import { useTranslation } from '../../../lib/use-translation';
import {
  IconCash,
  IconFileText,
  IconRosetteDiscountCheck,
  IconSearch,
} from '../../../components/icons';
import { GuideStepper, type GuideStep } from './guide-stepper';

/** How an advertiser gets a video, following the content-request flow of spec §2. */
export const advertiserSteps: readonly GuideStep[] = [
  { id: 'discover', icon: IconSearch },
  { id: 'request', icon: IconFileText },
  { id: 'review', icon: IconRosetteDiscountCheck },
  { id: 'pay', icon: IconCash },
];

export function AdvertiserStepper() {
  const { t } = useTranslation('onboarding');
  return <GuideStepper prefix="advertiser" steps={advertiserSteps} label={t('advertiser.title')} />;
}

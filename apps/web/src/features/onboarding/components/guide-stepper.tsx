import type { TablerIcon } from '@tabler/icons-react';
import { Button, Group, Stepper, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';

export interface GuideStep {
  /** Key under `pages:<namespace>.steps`; holds `label`, `description` and `body`. */
  id: string;
  icon: TablerIcon;
}

export interface GuideStepperProps {
  /** Translation prefix in the `onboarding` namespace, e.g. `creator`. */
  prefix: string;
  steps: readonly GuideStep[];
  /** Accessible name of the whole stepper. */
  label: string;
}

/**
 * A walk-through the user can step through with Back/Next or by clicking any step.
 * Vertical on phones, where four labels do not fit side by side.
 */
export function GuideStepper({ prefix, steps, label }: GuideStepperProps) {
  const { t } = useTranslation('onboarding');
  const [active, setActive] = useState(0);
  const isWide = useMediaQuery('(min-width: 48em)', true);
  const last = steps.length - 1;
  const positionId = useId();
  return (
    <section aria-label={label}>
      <Stepper
        active={active}
        onStepClick={setActive}
        orientation={isWide ? 'horizontal' : 'vertical'}
        size="sm"
        allowNextStepsSelect
      >
        {steps.map((step, index) => {
          const Icon = step.icon;
          return (
            <Stepper.Step
              key={step.id}
              icon={<Icon size={18} aria-hidden />}
              label={t(`${prefix}.steps.${step.id}.label`)}
              description={t(`${prefix}.steps.${step.id}.description`)}
              // Named by the label and description it shows (WCAG 2.5.3); its place describes it.
              aria-describedby={`${positionId}-${index}`}
            >
              <Text py="md">{t(`${prefix}.steps.${step.id}.body`)}</Text>
            </Stepper.Step>
          );
        })}
        <Stepper.Completed>
          <Text py="md" fw={600}>
            {t(`${prefix}.done`)}
          </Text>
        </Stepper.Completed>
      </Stepper>
      {steps.map((step, index) => (
        <VisuallyHidden key={step.id} id={`${positionId}-${index}`}>
          {t('stepOf', { step: index + 1, total: steps.length })}
        </VisuallyHidden>
      ))}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" disabled={active === 0} onClick={() => setActive((s) => s - 1)}>
          {t('back')}
        </Button>
        <Button
          disabled={active > last}
          onClick={() => setActive((s) => Math.min(s + 1, steps.length))}
        >
          {active === last ? t('finish') : t('next')}
        </Button>
      </Group>
    </section>
  );
}

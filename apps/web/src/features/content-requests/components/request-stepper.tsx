import { Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { IconCheck } from '../../../components/icons';

export const requestSteps = ['creators', 'info', 'script', 'checkout'] as const;
export type RequestStep = (typeof requestSteps)[number];

/**
 * The four steps of a content request (spec §2 "Content request, 4 steps"), across the pages
 * `/add`, `/{id}` (info, script) and `/{id}/payment`. A list, not buttons: each page has its own
 * way forward and back. The current step is marked `aria-current="step"` and its name is in a
 * live region, so a screen reader hears the step change.
 */
export function RequestStepper({ current }: { current: RequestStep }) {
  const { t } = useTranslation('content-requests');
  const currentIndex = requestSteps.indexOf(current);
  return (
    <nav aria-label={t('stepper.label')}>
      <VisuallyHidden role="status">
        {t('stepper.current', {
          step: currentIndex + 1,
          total: requestSteps.length,
          name: t(`stepper.${current}`),
        })}
      </VisuallyHidden>
      <Group
        component="ol"
        gap="lg"
        wrap="wrap"
        style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}
      >
        {requestSteps.map((step, index) => {
          const isCurrent = index === currentIndex;
          const isDone = index < currentIndex;
          return (
            <Group
              component="li"
              key={step}
              gap={8}
              wrap="nowrap"
              aria-current={isCurrent ? 'step' : undefined}
            >
              <ThemeIcon
                radius="xl"
                size={28}
                variant={isCurrent || isDone ? 'filled' : 'light'}
                color={isDone ? 'teal' : 'violet'}
                aria-hidden
              >
                {isDone ? <IconCheck size={16} /> : <Text size="sm">{index + 1}</Text>}
              </ThemeIcon>
              <Text size="sm" fw={isCurrent ? 700 : 400} c={isCurrent ? undefined : 'dimmed'}>
                {t(`stepper.${step}`)}
                {isDone && <VisuallyHidden>{` (${t('stepper.done')})`}</VisuallyHidden>}
              </Text>
            </Group>
          );
        })}
      </Group>
    </nav>
  );
}

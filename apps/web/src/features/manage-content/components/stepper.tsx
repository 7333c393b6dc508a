import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import { Box, Group, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { IconCash, IconCheck, IconVideo } from '../../../components/icons';

const steps = ['review', 'pay'] as const;
const icons = { review: IconVideo, pay: IconCash };
const paidStates: readonly ContentRequestLineState[] = [
  'paid',
  'link_submitted',
  'link_declined',
  'completed',
];

/** 0 = review, 1 = pay, 2 = both done. */
export function manageStepOf(status: ContentRequestLineState): number {
  if (paidStates.includes(status)) return 2;
  return status === 'approved' ? 1 : 0;
}

/**
 * Spec §2 "Manage content, 2 steps: review, pay": where the video stands, a list with the
 * current step announced (`aria-current="step"`) and the done ones said in words.
 */
export function ManageStepper({ status }: { status: ContentRequestLineState }) {
  const { t } = useTranslation('manage-content');
  const current = manageStepOf(status);
  return (
    <Box component="section" aria-label={t('stepper.label')}>
      <Group component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }} wrap="wrap">
        {steps.map((id, index) => {
          const isDone = index < current;
          const isCurrent = index === current;
          const Icon = isDone ? IconCheck : icons[id];
          return (
            <Group
              key={id}
              component="li"
              gap="xs"
              wrap="nowrap"
              aria-current={isCurrent ? 'step' : undefined}
              style={{ flex: '1 1 10rem' }}
            >
              <ThemeIcon
                radius="xl"
                size="lg"
                variant={isCurrent || isDone ? 'filled' : 'light'}
                color={isDone ? 'teal' : isCurrent ? 'violet' : 'gray'}
                aria-hidden
              >
                <Icon size={18} />
              </ThemeIcon>
              <div>
                <Text size="xs" c="dimmed">
                  {index + 1}/{steps.length}
                  {isCurrent && ` · ${t('stepper.current')}`}
                  {isDone && ` · ${t('stepper.done')}`}
                </Text>
                <Text size="sm" fw={isCurrent ? 700 : 500}>
                  {t(`stepper.${id}`)}
                </Text>
              </div>
            </Group>
          );
        })}
      </Group>
    </Box>
  );
}

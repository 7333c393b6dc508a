import type { LineSource } from '@clipmarket/contracts/content-requests';
import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import { Box, Group, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import {
  IconCash,
  IconCheck,
  IconClock,
  IconFileText,
  IconUpload,
} from '../../../components/icons';
import { stepIds, stepOf } from '../line-state';

const icons = { details: IconFileText, upload: IconUpload, review: IconClock, paid: IconCash };

/**
 * Spec §1 request stepper (Content Request Details, Upload your content, Wait for review, Get
 * paid for your work): where the request stands, from its state. A list, not buttons: the
 * current step is announced (`aria-current="step"`) and the done ones say so.
 */
export function RequestStepper({
  status,
  source = 'content-request',
}: {
  status: ContentRequestLineState;
  /** An opportunity's line names its first step after the opportunity. */
  source?: LineSource['kind'];
}) {
  const { t } = useTranslation('accept-requests');
  const current = stepOf(status);
  return (
    <Box
      component="section"
      aria-label={source === 'opportunity' ? t('stepper.opportunityLabel') : t('stepper.label')}
    >
      <Group
        component="ol"
        gap="md"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        wrap="wrap"
        align="stretch"
      >
        {stepIds.map((id, index) => {
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
              data-state={isDone ? 'done' : isCurrent ? 'current' : 'todo'}
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
                  {index + 1}/{stepIds.length}
                  {isCurrent && ` · ${t('stepper.current')}`}
                  {isDone && ` · ${t('stepper.done')}`}
                </Text>
                <Text size="sm" fw={isCurrent ? 700 : 500}>
                  {id === 'details' && source === 'opportunity'
                    ? t('stepper.opportunityDetails')
                    : t(`stepper.${id}`)}
                </Text>
              </div>
            </Group>
          );
        })}
      </Group>
    </Box>
  );
}

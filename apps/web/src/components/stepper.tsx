import { Group, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck } from './icons';

export interface StepperTexts {
  /** The list's name ("Steps of the request"). */
  label: string;
  /** Each step's name, in order. */
  names: readonly string[];
  /** Announced when the step changes ("Step 2 of 4: Fill info"). */
  current: string;
  /** Said after a finished step's name ("done"). */
  done: string;
}

/**
 * The steps of a purchase written over several pages (a content request's four, an
 * opportunity's three). A list, not buttons: each page has its own way forward and back. The
 * current step is marked `aria-current="step"` and its name is in a live region, so a screen
 * reader hears the step change.
 */
export function Stepper({ currentIndex, texts }: { currentIndex: number; texts: StepperTexts }) {
  return (
    <nav aria-label={texts.label}>
      <VisuallyHidden role="status">{texts.current}</VisuallyHidden>
      <Group
        component="ol"
        gap="lg"
        wrap="wrap"
        style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}
      >
        {texts.names.map((name, index) => {
          const isCurrent = index === currentIndex;
          const isDone = index < currentIndex;
          return (
            <Group
              component="li"
              key={name}
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
                {name}
                {isDone && <VisuallyHidden>{` (${texts.done})`}</VisuallyHidden>}
              </Text>
            </Group>
          );
        })}
      </Group>
    </nav>
  );
}

import type { GetStarted, GetStartedStepId } from '@clipmarket/contracts/get-started';
import { Alert, Button, Group, Stack, Stepper, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import {
  IconBulb,
  IconCircleCheck,
  IconSparkles,
  IconUpload,
  IconVideo,
} from '../../../components/icons';
import { useTranslation } from '../../../lib/use-translation';
import type { GuideStep } from './guide-stepper';

/** Spec §1: the creator onboarding stepper — Ideate, Inspire, Create first content, Upload video. */
export const creatorOnboardingSteps: readonly (GuideStep & { id: GetStartedStepId })[] = [
  { id: 'ideate', icon: IconBulb },
  { id: 'inspire', icon: IconSparkles },
  { id: 'create', icon: IconVideo },
  { id: 'upload', icon: IconUpload },
];

/** A step's next move: a sentence and the pages where it is done (the first one the main one). */
interface NextMove {
  textKey: string;
  links: { labelKey: string; to: string }[];
}

/** The page of a delivery line, by where it came from (a request's or an opportunity's). */
const linePath = (line: NonNullable<GetStarted['upload']['open_line']>) =>
  line.source === 'opportunity'
    ? `/track-content/${line.content_request_influencer_id}`
    : `/make-content/${line.content_request_influencer_id}`;

function nextMoveOf(id: GetStartedStepId, progress: GetStarted): NextMove {
  const showcase = { labelKey: 'creator.links.showcase', to: '/showcase' };
  const acceptRequests = { labelKey: 'creator.links.acceptRequests', to: '/accept-requests' };
  switch (id) {
    case 'ideate': {
      const { done, profile_completed: isComplete } = progress.ideate;
      if (done) return { textKey: 'creator.steps.ideate.done', links: [showcase] };
      // The shell opens the account settings on the profile form (`?settings=`).
      const profileForm = {
        labelKey: 'creator.links.profile',
        to: '/get-started?settings=profile',
      };
      return {
        textKey: isComplete ? 'creator.steps.ideate.todoBio' : 'creator.steps.ideate.todo',
        links: [profileForm, showcase],
      };
    }
    case 'inspire':
      return {
        textKey: progress.inspire.done
          ? 'creator.steps.inspire.done'
          : 'creator.steps.inspire.todo',
        links: [{ labelKey: 'creator.links.getInspired', to: '/get-inspired' }],
      };
    case 'create':
      return {
        textKey: progress.create.done ? 'creator.steps.create.done' : 'creator.steps.create.todo',
        links: [
          acceptRequests,
          { labelKey: 'creator.links.opportunities', to: '/discover-opportunities' },
        ],
      };
    case 'upload': {
      const { done, open_line: line } = progress.upload;
      const toLine = line ? { labelKey: 'creator.links.uploadVideo', to: linePath(line) } : null;
      if (done) {
        return {
          textKey: line ? 'creator.steps.upload.doneNext' : 'creator.steps.upload.done',
          links: toLine ? [toLine] : [acceptRequests],
        };
      }
      return toLine
        ? { textKey: 'creator.steps.upload.todo', links: [toLine] }
        : { textKey: 'creator.steps.upload.todoNoLine', links: [acceptRequests] };
    }
  }
}

/**
 * The creator's onboarding (issue 25 §4): it opens on the first step not done, marks each done
 * step with a check and the word "Done" (never colour alone), and says what to do next with a
 * link to the page where it is done. Every step can be opened, done or not.
 */
export function OnboardingStepper({ progress }: { progress: GetStarted }) {
  const firstNotDone = creatorOnboardingSteps.findIndex((step) => !progress[step.id].done);
  const start = firstNotDone === -1 ? creatorOnboardingSteps.length : firstNotDone;
  // Progress read again (a step done meanwhile) opens the stepper where the creator now is.
  return <ProgressStepper key={start} progress={progress} start={start} />;
}

function ProgressStepper({ progress, start }: { progress: GetStarted; start: number }) {
  const { t } = useTranslation('onboarding');
  const steps = creatorOnboardingSteps;
  const isDone = (id: GetStartedStepId) => progress[id].done;
  const [active, setActive] = useState(start);
  const isWide = useMediaQuery('(min-width: 48em)', true);
  const positionId = useId();
  const last = steps.length - 1;
  // The closing words say every step is done: reached only when they all are.
  const allDone = steps.every((step) => isDone(step.id));
  const end = allDone ? steps.length : last;
  return (
    <section aria-label={t('creator.title')}>
      <Stepper
        active={active}
        onStepClick={setActive}
        orientation={isWide ? 'horizontal' : 'vertical'}
        size="sm"
        allowNextStepsSelect
      >
        {steps.map((step, index) => {
          const done = isDone(step.id);
          const Icon = done ? IconCircleCheck : step.icon;
          const move = nextMoveOf(step.id, progress);
          return (
            <Stepper.Step
              key={step.id}
              icon={<Icon size={18} aria-hidden />}
              // A step passed over but not done keeps its own icon and no colour of done.
              completedIcon={done ? undefined : <step.icon size={18} aria-hidden />}
              {...(!done && index < active ? { color: 'gray' } : {})}
              label={t(`creator.steps.${step.id}.label`)}
              description={
                done
                  ? t('creator.doneDescription', {
                      description: t(`creator.steps.${step.id}.description`),
                    })
                  : t(`creator.steps.${step.id}.description`)
              }
              aria-describedby={`${positionId}-${index}`}
            >
              <Stack gap="sm" py="md">
                <Text fw={600}>{t(move.textKey)}</Text>
                <Text c="dimmed" size="sm">
                  {t(`creator.steps.${step.id}.body`)}
                </Text>
                <Group gap="sm">
                  {move.links.map((link, linkIndex) => (
                    <Button
                      key={link.to}
                      component={Link}
                      to={link.to}
                      variant={linkIndex === 0 ? 'filled' : 'light'}
                    >
                      {t(link.labelKey)}
                    </Button>
                  ))}
                </Group>
              </Stack>
            </Stepper.Step>
          );
        })}
        <Stepper.Completed>
          <Alert color="green" variant="light" icon={<IconCircleCheck size={20} aria-hidden />}>
            <Stack gap="sm" align="flex-start">
              <Text fw={600}>{t('creator.done')}</Text>
              <Button component={Link} to="/accept-requests" variant="light">
                {t('creator.links.acceptRequests')}
              </Button>
            </Stack>
          </Alert>
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
        <Button disabled={active >= end} onClick={() => setActive((s) => Math.min(s + 1, end))}>
          {active === last && allDone ? t('finish') : t('next')}
        </Button>
      </Group>
    </section>
  );
}

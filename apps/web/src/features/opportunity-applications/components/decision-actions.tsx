import type { Application, ApplicationDecisionBody } from '@clipmarket/contracts/opportunities';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IconCheck, IconCircleX, IconPencil } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { useDecideApplication } from '../api/applications';
import { ActionDialog } from './action-dialog';
import { ApproveDialog } from './approve-dialog';

type Decision = ApplicationDecisionBody['decision'];
type Answer = Exclude<Decision, 'accept'>;

const toastKeys: Record<Decision, string> = {
  accept: 'messages.approved',
  debrief: 'messages.debriefed',
  decline: 'messages.declined',
};

/** Whether the advertiser may answer: under review, or declined while a revision is awaited. */
export const canDecide = (application: Application) =>
  application.state === 'submitted' || application.state === 'debriefed';

/**
 * The advertiser's answer to an application (issue 23 §4, workflows/opportunity-application.ts):
 * approve it (the price is held from the wallet, or what it is missing paid by card first:
 * `ApproveDialog`), debrief it (once, with what to change) or decline it (with why); each
 * confirmed in a dialog.
 */
export function DecisionActions({
  opportunityId,
  application,
  onDecided,
}: {
  opportunityId: number;
  application: Application;
  onDecided?: (application: Application) => void;
}) {
  const { t } = useTranslation('opportunity-applications');
  const errorMessage = useApiErrorMessage();
  const decide = useDecideApplication(opportunityId);
  const [open, setOpen] = useState<Decision | null>(null);
  // The last answer opened stays while its dialog closes (its transition).
  const [answer, setAnswer] = useState<Answer>('decline');
  const name = application.creator.name;
  const isSubmitted = application.state === 'submitted';
  const canDebrief = isSubmitted && application.debriefs_used === 0;

  const show = (next: Decision) => {
    decide.reset();
    if (next !== 'accept') setAnswer(next);
    setOpen(next);
  };
  const decided = (decision: Decision, updated: Application) => {
    setOpen(null);
    toasts.show({ color: 'green', message: t(toastKeys[decision]) });
    onDecided?.(updated);
  };
  const confirm = (reason: string) => {
    decide.mutate(
      {
        applicationId: application.content_opportunity_influencer_id,
        decision: { decision: answer, reason },
      },
      { onSuccess: (updated) => decided(answer, updated) },
    );
  };

  const dialogs: Record<
    Answer,
    { title: string; text: string; reasonLabel: string; confirm: string; color?: string }
  > = {
    debrief: {
      title: t('decision.debriefTitle'),
      text: t('decision.debriefText', { name }),
      reasonLabel: t('decision.debriefReason'),
      confirm: t('decision.debriefConfirm'),
    },
    decline: {
      title: t('decision.declineTitle'),
      text: t('decision.declineText', { name }),
      reasonLabel: t('decision.declineReason'),
      confirm: t('decision.declineConfirm'),
      color: 'red',
    },
  };
  const dialog = dialogs[answer];

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap" role="group" aria-label={t('decision.actions', { name })}>
        {isSubmitted && (
          <Button
            size="sm"
            color="teal"
            leftSection={<IconCheck size={16} aria-hidden />}
            aria-label={t('decision.approveName', { name })}
            onClick={() => show('accept')}
          >
            {t('decision.approve')}
          </Button>
        )}
        {canDebrief && (
          <Button
            size="sm"
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            aria-label={t('decision.debriefName', { name })}
            onClick={() => show('debrief')}
          >
            {t('decision.debrief')}
          </Button>
        )}
        <Button
          size="sm"
          variant="subtle"
          color="red"
          leftSection={<IconCircleX size={16} aria-hidden />}
          aria-label={t('decision.declineName', { name })}
          onClick={() => show('decline')}
        >
          {t('decision.decline')}
        </Button>
      </Group>
      {isSubmitted && !canDebrief && (
        <Text size="xs" c="dimmed">
          {t('decision.debriefUsed')}
        </Text>
      )}
      <ApproveDialog
        opened={open === 'accept'}
        opportunityId={opportunityId}
        application={application}
        onApproved={(updated) => decided('accept', updated)}
        onClose={() => setOpen(null)}
      />
      <ActionDialog
        opened={open === 'debrief' || open === 'decline'}
        title={dialog.title}
        text={dialog.text}
        reasonLabel={dialog.reasonLabel}
        confirmLabel={dialog.confirm}
        confirmColor={dialog.color}
        isBusy={decide.isPending}
        error={
          decide.error ? (
            <Alert color="red" role="alert">
              {errorMessage(decide.error)}
            </Alert>
          ) : null
        }
        onConfirm={confirm}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}

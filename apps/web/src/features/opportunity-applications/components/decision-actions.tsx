import type { Application, ApplicationDecisionBody } from '@clipmarket/contracts/opportunities';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { IconCheck, IconCircleX, IconPencil } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatMoney } from '../../../lib/format';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { useDecideApplication } from '../api/applications';
import { WALLET_PATH } from '../paths';
import { ActionDialog } from './action-dialog';

type Decision = ApplicationDecisionBody['decision'];

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
 * approve it (the price is held from the wallet), debrief it (once, with what to change) or
 * decline it (with why); each confirmed in a dialog. A wallet that does not cover the price
 * says so in the dialog, with the way to top it up.
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
  const { t, i18n } = useTranslation('opportunity-applications');
  const errorMessage = useApiErrorMessage();
  const decide = useDecideApplication(opportunityId);
  const [open, setOpen] = useState<Decision | null>(null);
  // The last decision opened stays while its dialog closes (its transition).
  const [decision, setDecision] = useState<Decision>('accept');
  const name = application.creator.name;
  const price = `\u2066${formatMoney(application.price, i18n.language)}\u2069`;
  const isSubmitted = application.state === 'submitted';
  const canDebrief = isSubmitted && application.debriefs_used === 0;

  const show = (next: Decision) => {
    decide.reset();
    setDecision(next);
    setOpen(next);
  };
  const confirm = (reason: string) => {
    const body: ApplicationDecisionBody =
      decision === 'accept' ? { decision } : { decision, reason };
    decide.mutate(
      { applicationId: application.content_opportunity_influencer_id, decision: body },
      {
        onSuccess: (updated) => {
          setOpen(null);
          toasts.show({ color: 'green', message: t(toastKeys[decision]) });
          onDecided?.(updated);
        },
      },
    );
  };

  const error = decide.error;
  const failure =
    error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS' ? (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('decision.insufficientFunds', { price })}</Text>
          <Button component={Link} to={WALLET_PATH} size="xs" variant="light">
            {t('decision.topUp')}
          </Button>
        </Stack>
      </Alert>
    ) : error ? (
      <Alert color="red" role="alert">
        {errorMessage(error)}
      </Alert>
    ) : null;

  const dialogs: Record<
    Decision,
    { title: string; text: string; reasonLabel?: string; confirm: string; color?: string }
  > = {
    accept: {
      title: t('decision.approveTitle'),
      text: t('decision.approveText', { name, price }),
      confirm: t('decision.approveConfirm'),
      color: 'teal',
    },
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
  const dialog = dialogs[decision];

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
      <ActionDialog
        opened={open !== null}
        title={dialog.title}
        text={dialog.text}
        reasonLabel={dialog.reasonLabel}
        confirmLabel={dialog.confirm}
        confirmColor={dialog.color}
        isBusy={decide.isPending}
        error={failure}
        onConfirm={confirm}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}

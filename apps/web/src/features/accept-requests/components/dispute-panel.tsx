import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useTransitionLine } from '../api/transition-line';

const REASON_MAX = 1000;

/**
 * A rejected creator may contest the decision within the review window (transition `dispute`,
 * a reason required): the team then settles it.
 */
export function DisputePanel({
  lineId,
  isOpportunity = false,
}: {
  lineId: number;
  /** An opportunity's line: the video is held to the opportunity's brief, not to a request. */
  isOpportunity?: boolean;
}) {
  const { t } = useTranslation('accept-requests');
  const errorMessage = useApiErrorMessage();
  const transition = useTransitionLine(lineId);
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const trimmed = reason.trim();
    if (!trimmed) return setError(t('dispute.reasonRequired'));
    if (trimmed.length > REASON_MAX) return setError(t('answer.reasonTooLong'));
    setError(null);
    transition.mutate(
      { transition: 'dispute', reason: trimmed },
      {
        onSuccess: () => {
          setOpened(false);
          toasts.show({ color: 'green', message: t('dispute.sent') });
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      <Text size="sm">{isOpportunity ? t('dispute.opportunityIntro') : t('dispute.intro')}</Text>
      <Group>
        <Button variant="default" onClick={() => setOpened(true)}>
          {t('dispute.open')}
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('dispute.title')} size="lg">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Textarea
              label={isOpportunity ? t('dispute.opportunityReasonLabel') : t('dispute.reasonLabel')}
              required
              autosize
              minRows={3}
              maxRows={8}
              value={reason}
              error={error}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                if (error) setError(null);
              }}
            />
            {transition.isError && (
              <Alert color="red" role="alert">
                {errorMessage(transition.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('answer.cancel')}
              </Button>
              <Button type="submit" loading={transition.isPending}>
                {t('dispute.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';

/** The API's limit of a decision's or a closing's reason (contracts `applicationDecisionBodySchema`). */
export const REASON_MAX = 1000;

/**
 * "Are you sure?" before an answer that cannot be undone; with `reasonLabel`, it also asks
 * why (required: the creator is told). `error` shows what the API answered, inside the
 * dialog, so that the user can act on it (top up the wallet) or try again. Closing gives the
 * focus back to the button that opened it (Mantine's `returnFocus`).
 */
export function ActionDialog({
  opened,
  title,
  text,
  reasonLabel,
  confirmLabel,
  confirmColor,
  isBusy,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  reasonLabel?: string;
  confirmLabel: string;
  confirmColor?: string;
  isBusy: boolean;
  error?: ReactNode;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {/* Mounted while open only: each opening starts with an empty reason. */}
      {opened && (
        <ActionForm
          text={text}
          reasonLabel={reasonLabel}
          confirmLabel={confirmLabel}
          confirmColor={confirmColor}
          isBusy={isBusy}
          error={error}
          onConfirm={onConfirm}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ActionForm({
  text,
  reasonLabel,
  confirmLabel,
  confirmColor,
  isBusy,
  error,
  onConfirm,
  onClose,
}: Omit<Parameters<typeof ActionDialog>[0], 'opened' | 'title'>) {
  const { t } = useTranslation('opportunity-applications');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const trimmed = reason.trim();
    if (reasonLabel !== undefined) {
      const found = !trimmed
        ? t('common.reasonRequired')
        : trimmed.length > REASON_MAX
          ? t('common.reasonTooLong')
          : null;
      setProblem(found);
      if (found) return;
    }
    onConfirm(trimmed);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text>{text}</Text>
        {reasonLabel !== undefined && (
          <Textarea
            label={reasonLabel}
            required
            data-autofocus
            autosize
            minRows={3}
            maxRows={8}
            value={reason}
            error={problem}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        )}
        {error}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isBusy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color={confirmColor} loading={isBusy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

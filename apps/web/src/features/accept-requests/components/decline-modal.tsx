import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';

const REASON_MAX = 1000;
const quickReasons = ['dates', 'deadline', 'content', 'price'] as const;

/**
 * Declining needs a reason the advertiser reads: a quick pick fills the text, which stays
 * editable; an empty reason is refused here before anything is sent.
 */
export function DeclineModal({
  opened,
  isSubmitting,
  onClose,
  onDecline,
}: {
  opened: boolean;
  isSubmitting: boolean;
  onClose: () => void;
  onDecline: (reason: string) => void;
}) {
  const { t } = useTranslation('accept-requests');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const quickLabelId = useId();

  const submit = () => {
    const trimmed = reason.trim();
    if (!trimmed) return setError(t('answer.reasonRequired'));
    if (trimmed.length > REASON_MAX) return setError(t('answer.reasonTooLong'));
    setError(null);
    onDecline(trimmed);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('answer.declineTitle')} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('answer.declineIntro')}</Text>
          <div>
            <Text id={quickLabelId} size="sm" fw={600} mb={6}>
              {t('answer.quickReasons')}
            </Text>
            <Group gap="xs" role="group" aria-labelledby={quickLabelId}>
              {quickReasons.map((key) => {
                const text = t(`answer.reasons.${key}`);
                return (
                  <Button
                    key={key}
                    size="compact-sm"
                    radius="xl"
                    variant={reason.trim() === text ? 'light' : 'default'}
                    onClick={() => {
                      setReason(text);
                      setError(null);
                    }}
                  >
                    {text}
                  </Button>
                );
              })}
            </Group>
          </div>
          <Textarea
            label={t('answer.reasonLabel')}
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
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isSubmitting}>
              {t('answer.cancel')}
            </Button>
            <Button type="submit" color="red" loading={isSubmitting}>
              {t('answer.confirmDecline')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

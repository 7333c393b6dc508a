import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from '../../../lib/use-translation';
import { formatNumber } from '../../../lib/format';

/** The API's limit on a decision's reason (linkDecisionBodySchema, disputeDecisionBodySchema). */
export const DECISION_REASON_MAX_LENGTH = 1000;

export interface ReasonModalProps {
  opened: boolean;
  title: string;
  /** What the decision does, in a sentence. */
  description: string;
  label: string;
  /** Declining a link or upholding a rejection needs a reason; approving a dispute does not. */
  required: boolean;
  /** Who reads the reason, when not the creator and the advertiser both. */
  readersHint?: string;
  confirmLabel: string;
  confirmColor: string;
  pending: boolean;
  onClose: () => void;
  /** Sends the decision with the trimmed reason (empty when none was written). */
  onConfirm: (reason: string) => void;
}

/** A decision of the team with its reason, which the creator and the advertiser will read. */
export function ReasonModal(props: ReasonModalProps) {
  const { t, i18n } = useTranslation('admin-content');
  const form = useForm({
    initialValues: { reason: '' },
    validate: {
      reason: (value) =>
        props.required && value.trim().length === 0 ? t('reason.required') : null,
    },
  });

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      returnFocus={false}
    >
      <form noValidate onSubmit={form.onSubmit((values) => props.onConfirm(values.reason.trim()))}>
        <Stack gap="md">
          <Text size="sm">{props.description}</Text>
          <Textarea
            label={props.label}
            description={
              props.readersHint ?? (props.required ? t('reason.shownToBoth') : t('reason.optional'))
            }
            withAsterisk={props.required}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={DECISION_REASON_MAX_LENGTH}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Text size="xs" c="dimmed" ta="end" aria-live="polite">
            {t('reason.counter', {
              used: formatNumber(form.values.reason.length, i18n.language),
              max: formatNumber(DECISION_REASON_MAX_LENGTH, i18n.language),
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose} disabled={props.pending}>
              {t('cancel')}
            </Button>
            <Button type="submit" color={props.confirmColor} loading={props.pending}>
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

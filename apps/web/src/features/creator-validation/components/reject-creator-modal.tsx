import {
  REJECTION_REASON_MAX_LENGTH,
  rejectCreatorBodySchema,
} from '@clipmarket/contracts/creator-validation';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from '../../../lib/use-translation';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatNumber } from '../../../lib/format';
import { toasts } from '../../../lib/toasts';
import type { AdminCreator } from '../api/get-admin-creators';
import { useRejectCreator } from '../api/reject-creator';
import { adminCreatorName } from './admin-creator-card';

export interface RejectCreatorModalProps {
  creator: AdminCreator | null;
  onClose: () => void;
  /** After the answer (success or not), once the lists are fresh. */
  onDone: () => void;
}

/**
 * Rejection with a reason the creator will read (required by the process definition).
 * Checked with the contract's schema, so the rule and the English message are the API's.
 */
export function RejectCreatorModal({ creator, onClose, onDone }: RejectCreatorModalProps) {
  const { t, i18n } = useTranslation('admin');
  const reject = useRejectCreator();
  const errorMessage = useApiErrorMessage();
  const name = creator ? adminCreatorName(creator) : '';
  const form = useForm({
    initialValues: { reason: '' },
    validate: (values) => {
      const result = rejectCreatorBodySchema.safeParse(values);
      if (result.success) return {};
      const issue = result.error.issues[0]!;
      const message =
        issue.code === 'too_small'
          ? t('creators.reject.reasonRequired', { defaultValue: issue.message })
          : issue.code === 'too_big'
            ? t('creators.reject.reasonTooLong', {
                max: formatNumber(REJECTION_REASON_MAX_LENGTH, i18n.language),
              })
            : t('creators.reject.reasonInvalid', { defaultValue: issue.message });
      return { reason: message };
    },
  });

  const onSubmit = async (values: { reason: string }) => {
    if (!creator) return;
    const body = rejectCreatorBodySchema.parse(values);
    try {
      await reject.mutateAsync({ userId: creator.user_id, body });
      toasts.show({ color: 'teal', message: t('creators.reject.done', { name }) });
    } catch (error) {
      if (error instanceof ApiError && error.fields.some((field) => field.field === 'reason')) {
        form.setFieldError('reason', t('creators.reject.reasonRequired'));
        return;
      }
      toasts.show({ color: 'red', message: errorMessage(error) });
    }
    onDone();
  };

  return (
    <Modal
      opened={creator !== null}
      onClose={onClose}
      title={t('creators.reject.title')}
      centered
      returnFocus={false}
    >
      <form onSubmit={form.onSubmit((values) => void onSubmit(values))} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('creators.reject.body', { name })}</Text>
          <Textarea
            label={t('creators.reject.reason')}
            description={t('creators.reject.reasonDescription')}
            withAsterisk
            autosize
            minRows={4}
            maxRows={10}
            maxLength={REJECTION_REASON_MAX_LENGTH}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <Text size="xs" c="dimmed" ta="end" aria-live="polite">
            {t('creators.reject.counter', {
              used: formatNumber(form.values.reason.length, i18n.language),
              max: formatNumber(REJECTION_REASON_MAX_LENGTH, i18n.language),
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={reject.isPending}>
              {t('creators.cancel')}
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              {t('creators.reject.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

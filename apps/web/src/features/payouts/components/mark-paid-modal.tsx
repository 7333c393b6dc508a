import { markPayoutPaidBodySchema } from '@clipmarket/contracts/payouts';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from '../../../lib/use-translation';
import { formatMoney } from '../../../lib/format';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import type { AdminPayout } from '../api/get-admin-payouts';
import { useMarkPayoutPaid } from '../api/mark-payout-paid';

const REFERENCE_MAX_LENGTH = 100;

/**
 * The transfer was made: its reference (checked with the contract's schema) marks the payout
 * paid, which moves the creator's earnings in the ledger on the server.
 */
export function MarkPaidModal({
  payout,
  onClose,
}: {
  payout: AdminPayout | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('payouts');
  const markPaid = useMarkPayoutPaid();
  const errorMessage = useApiErrorMessage();
  const form = useForm({
    initialValues: { reference: '' },
    validate: (values) => {
      const result = markPayoutPaidBodySchema.safeParse(values);
      if (result.success) return {};
      const issue = result.error.issues[0]!;
      return {
        reference:
          issue.code === 'too_big'
            ? t('admin.modal.referenceTooLong', { max: REFERENCE_MAX_LENGTH })
            : issue.code === 'too_small'
              ? t('admin.modal.referenceRequired')
              : t('admin.modal.referenceInvalid'),
      };
    },
  });

  const onSubmit = async (values: { reference: string }) => {
    if (!payout) return;
    const { reference } = markPayoutPaidBodySchema.parse(values);
    try {
      await markPaid.mutateAsync({ payoutId: payout.payout_id, reference });
      toasts.show({
        color: 'teal',
        message: t('admin.modal.done', { id: payout.payout_id, name: payout.creator.name }),
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_TRANSITION') {
        toasts.show({ color: 'orange', message: t('admin.modal.alreadyPaid') });
        onClose();
        return;
      }
      form.setFieldError('reference', errorMessage(error));
    }
  };

  const method = payout?.creator.payment_method;
  return (
    <Modal opened={payout !== null} onClose={onClose} title={t('admin.modal.title')} centered>
      {payout && (
        <form onSubmit={form.onSubmit((values) => void onSubmit(values))} noValidate>
          <Stack gap="md">
            <Text size="sm">
              {t('admin.modal.body', {
                amount: formatMoney(payout.amount, i18n.language),
                name: payout.creator.name,
                method: t(`admin.method.${method ?? 'none'}`),
                account: payout.creator.account_number ?? t('admin.noAccount'),
              })}
            </Text>
            <TextInput
              label={t('admin.modal.reference')}
              description={t('admin.modal.referenceDescription')}
              withAsterisk
              maxLength={REFERENCE_MAX_LENGTH}
              data-autofocus
              {...form.getInputProps('reference')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={markPaid.isPending}>
                {t('admin.modal.cancel')}
              </Button>
              <Button type="submit" color="teal" loading={markPaid.isPending}>
                {t('admin.modal.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

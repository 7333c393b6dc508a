import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import type { AdminCreator } from '../api/get-admin-creators';
import { useValidateCreator } from '../api/validate-creator';
import { adminCreatorName } from './admin-creator-card';

export interface ValidateCreatorModalProps {
  creator: AdminCreator | null;
  onClose: () => void;
  /** After the answer (success or not), once the lists are fresh. */
  onDone: () => void;
}

/** Confirmation before validating: the creator enters advertisers' search and is notified. */
export function ValidateCreatorModal({ creator, onClose, onDone }: ValidateCreatorModalProps) {
  const { t } = useTranslation('admin');
  const validate = useValidateCreator();
  const errorMessage = useApiErrorMessage();
  const name = creator ? adminCreatorName(creator) : '';

  const onConfirm = async () => {
    if (!creator) return;
    try {
      await validate.mutateAsync(creator.user_id);
      toasts.show({ color: 'teal', message: t('creators.validate.done', { name }) });
    } catch (error) {
      toasts.show({ color: 'red', message: errorMessage(error) });
    }
    onDone();
  };

  return (
    <Modal
      opened={creator !== null}
      onClose={onClose}
      title={t('creators.validate.title')}
      centered
      returnFocus={false}
    >
      <Text size="sm">{t('creators.validate.body', { name })}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={validate.isPending}>
          {t('creators.cancel')}
        </Button>
        <Button
          color="teal"
          loading={validate.isPending}
          onClick={() => void onConfirm()}
          data-autofocus
        >
          {t('creators.validate.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

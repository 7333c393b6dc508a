import type { AdvertiserLine } from '@clipmarket/contracts/content-requests';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useCancelLine } from '../api/content-requests';
import { ConfirmModal } from '../../../components/confirm-modal';

/**
 * Cancelling a creator's unanswered line, after "Are you sure?": `ask(line)` opens the
 * confirmation that `dialog` renders.
 */
export function useCancelLineDialog() {
  const { t } = useTranslation('content-requests');
  const errorMessage = useApiErrorMessage();
  const cancel = useCancelLine();
  const [toCancel, setToCancel] = useState<AdvertiserLine | null>(null);

  const confirm = () => {
    if (!toCancel) return;
    cancel.mutate(toCancel.content_request_influencer_id, {
      onSuccess: () => {
        setToCancel(null);
        toasts.show({ color: 'green', message: t('messages.lineCancelled') });
      },
      onError: (error) => toasts.show({ color: 'red', message: errorMessage(error) }),
    });
  };

  const dialog = (
    <ConfirmModal
      opened={toCancel !== null}
      title={t('list.cancelTitle')}
      text={t('list.cancelText', { name: toCancel?.influencer_name ?? '' })}
      confirmLabel={t('list.confirmCancel')}
      cancelLabel={t('list.keep')}
      isBusy={cancel.isPending}
      onConfirm={confirm}
      onClose={() => setToCancel(null)}
    />
  );
  return { ask: setToCancel, dialog };
}

import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle, IconRefresh } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';

/** Something of a request could not be loaded: what, why, and a button to try again. */
export function LoadErrorAlert({
  error,
  message,
  onRetry,
}: {
  error: unknown;
  message: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('content-requests');
  const errorMessage = useApiErrorMessage();
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
      <Group justify="space-between">
        <Text size="sm">{`${message} ${errorMessage(error)}`}</Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
        >
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

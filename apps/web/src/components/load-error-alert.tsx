import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../lib/use-translation';
import { useApiErrorMessage } from '../lib/api-error-message';
import { IconAlertTriangle, IconRefresh } from './icons';

/** Something a page needs could not be loaded: what, why, and a button to try again. */
export function LoadErrorAlert({
  error,
  message,
  onRetry,
}: {
  error: unknown;
  /** What could not be loaded, in the page's words; the error's own message follows. */
  message: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('common');
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
          {t('actions.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

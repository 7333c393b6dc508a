import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { IconAlertTriangle, IconRefresh } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';

export interface LoadErrorAlertProps {
  /** The failed request's error, shown in the user's language. */
  error: unknown;
  onRetry: () => void;
  /** What could not be loaded, said before the error ("We could not load the creators."). */
  message?: string;
}

/** A list that could not be loaded: why, and a button to try again. */
export function LoadErrorAlert({ error, onRetry, message }: LoadErrorAlertProps) {
  const { t } = useTranslation('discovery');
  const errorMessage = useApiErrorMessage();
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
      <Group justify="space-between">
        <Text size="sm">{message ? `${message} ${errorMessage(error)}` : errorMessage(error)}</Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
        >
          {t('results.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';

export interface LoadErrorAlertProps {
  /** The failed request's error, shown in the user's language. */
  error: unknown;
  onRetry: () => void;
}

/** A list that could not be loaded: why, and a button to try again. */
export function LoadErrorAlert({ error, onRetry }: LoadErrorAlertProps) {
  const { t } = useTranslation('discovery');
  const errorMessage = useApiErrorMessage();
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
      <Group justify="space-between">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('results.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

import { Alert, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { IconAlertTriangle } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatMoney } from '../../../lib/format';

/** While a tab's data loads: skeleton rows, and a status for screen readers. */
export function PanelLoading() {
  const { t } = useTranslation('admin-money');
  return (
    <Stack gap="sm" aria-busy="true">
      <VisuallyHidden role="status">{t('loading')}</VisuallyHidden>
      <Skeleton height={36} />
      <Skeleton height={36} />
      <Skeleton height={36} />
    </Stack>
  );
}

/** A tab whose data could not be read: the reason and "Retry". */
export function PanelError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('admin-money');
  const errorMessage = useApiErrorMessage();
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
      <Group justify="space-between">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Group>
    </Alert>
  );
}

/** An amount in TND, kept left to right inside Arabic text (`-150.000 TND`). */
export function Money({ millimes }: { millimes: number }) {
  const { i18n } = useTranslation();
  return (
    <Text span inherit dir="ltr" style={{ unicodeBidi: 'isolate', whiteSpace: 'nowrap' }}>
      {formatMoney(millimes, i18n.language)}
    </Text>
  );
}

import { Alert, Stack, Switch, Text } from '@mantine/core';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { useTranslation } from '../../../lib/use-translation';
import { useLineInspiration } from '../api/content-delivery';

/**
 * Issue 25 §3: the creator lets her published video show in Get inspired. It shows there only
 * while its advertiser allows it too, which she sees beside her switch.
 */
export function InspirationSwitch({
  lineId,
  allowed,
  brandAllows,
}: {
  lineId: number;
  allowed: boolean;
  brandAllows: boolean;
}) {
  const { t } = useTranslation('accept-requests');
  const errorMessage = useApiErrorMessage();
  const inspiration = useLineInspiration(lineId);
  return (
    <Stack gap="xs">
      <Switch
        checked={allowed}
        onChange={(event) => {
          inspiration.reset();
          inspiration.mutate(event.currentTarget.checked);
        }}
        disabled={inspiration.isPending}
        label={t('inspiration.label')}
        description={t('inspiration.description')}
      />
      <Text size="sm" c={brandAllows ? 'teal.8' : 'dimmed'}>
        {brandAllows ? t('inspiration.brandAllows') : t('inspiration.brandNotYet')}
      </Text>
      {inspiration.isError && (
        <Alert color="red" role="alert">
          {errorMessage(inspiration.error)}
        </Alert>
      )}
    </Stack>
  );
}

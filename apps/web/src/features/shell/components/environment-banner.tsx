import { Box, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';

export const ENVIRONMENT_BANNER_HEIGHT = 24;

/** Staging builds (spec §1): a banner above the top bar and a frame around the window. */
export function EnvironmentBanner() {
  const { t } = useTranslation('shell');
  return (
    <>
      <Box
        role="note"
        bg="orange.6"
        h={ENVIRONMENT_BANNER_HEIGHT}
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <Text size="xs" fw={700} c="white">
          {t('environment.staging')}
        </Text>
      </Box>
      <div className="environment-frame" aria-hidden />
    </>
  );
}

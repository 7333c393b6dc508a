import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguagePicker } from '../../../components/language-picker';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The public report's page (spec §6: visitors have no navigation): the app's name and the
 * language picker, nothing that leads into the signed-in app.
 */
export function ReportFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shared-report');
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box
        component="header"
        px="md"
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" maw={1200} mx="auto" wrap="nowrap">
          <Text fw={800} fz={22} c="violet.7" lh={1.2}>
            {t('appName')}
          </Text>
          <LanguagePicker />
        </Group>
      </Box>
      <Box component="main" px="md" py="xl">
        <Stack maw={1200} mx="auto" gap="lg">
          {children}
        </Stack>
      </Box>
    </Box>
  );
}

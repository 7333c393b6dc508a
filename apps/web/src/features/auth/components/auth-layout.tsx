import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { LanguagePicker } from '../../../components/language-picker';

/** Centred card used by every account page (login, sign-up, reset, verification). */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  useDocumentTitle(`${title} · ${t('appName')}`);
  return (
    <Box component="main" mih="100dvh" px="md" py="xl" bg="gray.0">
      <Stack maw={460} mx="auto" gap="md">
        <Box style={{ alignSelf: 'flex-end' }} w={160}>
          <LanguagePicker label={t('language')} />
        </Box>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <Stack gap={4} align="center">
              <Text fw={800} fz={28} c="violet.7" lh={1.2}>
                {t('appName')}
              </Text>
              <Title order={1} size="h3" ta="center">
                {title}
              </Title>
              {description ? (
                <Text c="dimmed" size="sm" ta="center">
                  {description}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}

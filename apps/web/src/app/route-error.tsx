import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../lib/use-translation';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { IconAlertTriangle, IconRefresh } from '../components/icons';
import NotFoundPage from '../features/not-found/pages/not-found-page';
import { pageReloader } from './page-reloader';

/**
 * Error element of every route: a page whose code could not be downloaded (offline, new
 * deployment) or that crashed shows a way out instead of a blank screen.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center" role="alert">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
          <IconAlertTriangle size={32} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('routeError.title')}
        </Title>
        <Text c="dimmed">{t('routeError.body')}</Text>
        <Button leftSection={<IconRefresh size={18} />} onClick={() => pageReloader.reload()}>
          {t('actions.retry')}
        </Button>
      </Stack>
    </Center>
  );
}

import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { IconAlertTriangle, IconRefresh } from '../components/icons';
import { LazyNotFoundPage } from '../features/not-found/lazy-not-found-page';
import { RouteNotFoundError } from '../lib/route-not-found';
import { useTranslation } from '../lib/use-translation';
import { pageReloader } from './page-reloader';

/**
 * What a route shows when its page could not be downloaded (offline, new deployment) or
 * crashed: a way out instead of a blank screen. A page that found nothing to show for its
 * address (lib/route-not-found.ts) shows the not-found page.
 */
export function RouteError({ error }: { error?: unknown }) {
  const { t } = useTranslation('common');
  if (error instanceof RouteNotFoundError) {
    return <LazyNotFoundPage />;
  }
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

interface BoundaryProps {
  children: ReactNode;
  /** The address: a new one clears the error (the next navigation shows its page). */
  location: string;
}
interface BoundaryState {
  failed: boolean;
  error: unknown;
  location: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.location === state.location
      ? null
      : { failed: false, error: null, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** The error boundary of one route (app-routes.tsx): "Retry" in its place, not a blank app. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <Boundary location={location}>{children}</Boundary>;
}

import { DirectionProvider, MantineProvider, createTheme, useDirection } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtl } from '../lib/i18n';
import { queryClient as appQueryClient } from '../lib/query-client';

const theme = createTheme({
  primaryColor: 'violet',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Keyboard users always see where they are.
  focusRing: 'auto',
});

// The toast container (transitions, portal) is not needed to draw the first screen: its own
// chunk. Toasts shown before it arrives wait in the notifications store.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

const directionOf = (language: string) => (isRtl(language) ? 'rtl' : 'ltr');

/**
 * Keeps Mantine's direction in step with the interface language, whoever changes it
 * (language picker, `?lang=` link, settings), without remounting the app.
 */
function DirectionSync() {
  const { i18n } = useTranslation();
  const { dir, setDirection } = useDirection();
  const wanted = directionOf(i18n.language);
  useEffect(() => {
    if (dir !== wanted) setDirection(wanted);
  }, [dir, wanted, setDirection]);
  return null;
}

export interface ProvidersProps {
  children: ReactNode;
  /** Tests pass their own client (fresh cache) and `env="test"` (no transitions, no portals). */
  queryClient?: QueryClient;
  env?: 'default' | 'test';
}

export function Providers({ children, queryClient = appQueryClient, env }: ProvidersProps) {
  const { i18n } = useTranslation();
  const dir = directionOf(i18n.language);
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <DirectionSync />
      <MantineProvider theme={theme} {...(env ? { env } : {})}>
        {/* Toasts open on the reading side's end: top right in LTR, top left in RTL. */}
        <Suspense fallback={null}>
          <Notifications position={dir === 'rtl' ? 'top-left' : 'top-right'} limit={1} />
        </Suspense>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}

import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from '../lib/use-translation';
import { isRtl } from '../lib/i18n';
import { queryClient as appQueryClient } from '../lib/query-client';
import { cssVariablesResolver, useAppTheme } from './theme';
import { Toaster } from './toaster';

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
  const theme = useAppTheme();
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <DirectionSync />
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        {...(env ? { env } : {})}
      >
        {/* Toasts open at the bottom of the reading side's end (bottom right in LTR, bottom */}
        {/* left in RTL): at the top they covered the controls at the end of a page's heading. */}
        {/* Not needed to draw the first screen: mounted (a chunk) once a toast can come. */}
        {/* One at a time (spec §2); a notification's toast yields to the answer to what the */}
        {/* person just did (a lower priority, use-notification-events.ts) and shows after it. */}
        <Toaster
          position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
          limit={1}
          immediate={env === 'test'}
        />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}

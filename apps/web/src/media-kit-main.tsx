// Mantine's CSS variables and reset, without its components: the page's CSS draws on them.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/theme-variables.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { Component, type ReactNode, StrictMode, Suspense, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Switch, useLocation } from 'wouter';
import { publicMediaKitQuery } from './features/media-kit/api/public-media-kit';
import PublicMediaKitPage from './features/media-kit/pages/public-media-kit-page';
import { IconHome } from './components/icons';
import i18n, { i18nReady } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { RouteNotFoundError } from './lib/route-not-found';
import { useTranslation } from './lib/use-translation';

/**
 * The entry of `/media_kit/{influencer_name}` (media-kit.html, served by the API's route of
 * that address with the kit's link preview): a creator's public media kit, opened from links
 * shared on social apps, mounted alone with React, its texts and the API's answer — no Mantine
 * components, no shell, no other route — so that its first load stays within 100 KB gzip of
 * JavaScript (issue 25 §7, ADR 028). Any other address (the page's links to sign up or to a new
 * request, a renamed creator's move excepted) is a full load of the app.
 */
function OtherAddress() {
  const [location] = useLocation();
  useEffect(() => {
    window.location.assign(location + window.location.search);
  }, [location]);
  return null;
}

/** The app's not-found page, in plain elements (features/not-found draws it with Mantine). */
function KitNotFound() {
  const { t } = useTranslation('pages');
  return (
    <main className="public-kit-not-found">
      <p aria-hidden>404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <a className="kit-button" data-variant="filled" href="/">
        <IconHome size={18} aria-hidden />
        {t('notFound.home')}
      </a>
    </main>
  );
}

/** A hidden kit or an unknown name: the not-found page; anything else: a reload of the page. */
class KitErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    if (this.state.error instanceof RouteNotFoundError) return <KitNotFound />;
    return (
      <main className="public-kit-not-found" role="alert">
        <button type="button" className="kit-button" onClick={() => window.location.reload()}>
          {i18n.t('common:actions.retry')}
        </button>
      </main>
    );
  }
}

const KIT_PATH = /^\/media_kit\/([^/]+)\/?$/;

async function start() {
  // The kit, its page's texts and the interface's asked for at once, before the first render
  // (the name as wouter's `useParams` gives it: not decoded, as the page's query key has it).
  const name = KIT_PATH.exec(window.location.pathname)?.[1];
  if (name) void queryClient.prefetchQuery(publicMediaKitQuery(name));
  await Promise.all([i18nReady, i18n.loadNamespaces(['media-kit'])]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from media-kit.html');
  const app = createRoot(root);
  // A transition, as main.tsx: the first render yields to the browser every few milliseconds.
  startTransition(() =>
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <KitErrorBoundary>
            <Suspense fallback={null}>
              <Switch>
                <Route path="/media_kit/:influencer_name" component={PublicMediaKitPage} />
                <Route component={OtherAddress} />
              </Switch>
            </Suspense>
          </KitErrorBoundary>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

void start();

import './app/mantine-styles';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { consumeQueryStringSession } from './app/query-string-session';
import { AppRoutes } from './app/app-routes';
import { preloadFirstScreen } from './app/first-screen';
import { createBareRoutes } from './app/routes';
import { warmStart } from './app/warm-start';
import { DemoMarker } from './features/shell/components/demo-marker';
import { isDemo } from './lib/config';
import i18n, { i18nReady } from './lib/i18n';

/**
 * Renders once the stored language's catalogs are there. A function rather than top-level
 * await: a top-level await anywhere turns off the bundler's chunk merging, and the first
 * download then splits into many more (and larger in total) chunks.
 */
async function start() {
  const { language } = consumeQueryStringSession();
  warmStart();
  // After the query-string session is consumed: no route ever sees the token. The signed-in
  // frame brings its own pages' table (app/shell-pages.tsx).
  const routes = { bare: createBareRoutes() };
  // The first screen speaks the stored language, or the link's, from the start (its catalogs
  // may be a download), and its code is there when it first renders.
  await Promise.all([i18nReady, preloadFirstScreen(routes.bare)]);
  if (language && i18n.language !== language) await i18n.changeLanguage(language);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const app = createRoot(root);
  // A transition renders in slices of a few milliseconds, yielding to the browser between
  // them: on a slow phone the first screen's render (~0.2 s of script) no longer blocks input
  // in one long task. It shows when complete, as before.
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers>
          {isDemo && <DemoMarker />}
          <AppRoutes routes={routes} />
        </Providers>
      </StrictMode>,
    ),
  );
}

void start();

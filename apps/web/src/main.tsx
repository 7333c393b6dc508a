import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { consumeQueryStringSession } from './app/query-string-session';
import { createAppRouter } from './app/router';

consumeQueryStringSession();
const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

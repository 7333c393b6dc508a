import { createBrowserRouter } from 'react-router';
import { createRoutes } from './routes';

/** Called after the query-string session is consumed, so the router never sees the token. */
export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}

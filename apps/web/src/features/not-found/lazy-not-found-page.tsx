import { Suspense, lazy } from 'react';

const NotFoundPage = lazy(() => import('./pages/not-found-page'));

/**
 * The not-found page in a chunk of its own (an unknown address, a page of another role, a
 * record that does not exist): shown rarely, so no first screen downloads it.
 */
export function LazyNotFoundPage() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}

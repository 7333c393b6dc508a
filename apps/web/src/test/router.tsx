import { type ReactNode, useState } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/**
 * The app's router (wouter) on an address in memory, for tests: `location.pathname` and
 * `location.search` (with its `?`) are where the app navigated last; `navigate` goes
 * elsewhere as a link would.
 */
export function createTestLocation(path: string) {
  const memory = memoryLocation({ path, record: true });
  const current = () => memory.history?.at(-1) ?? path;
  return {
    hook: memory.hook,
    navigate: (to: string, options?: { replace?: boolean }) => memory.navigate(to, options),
    get pathname() {
      return current().split('?')[0] ?? '/';
    },
    get search() {
      const search = current().split('?')[1];
      return search ? `?${search}` : '';
    },
  };
}

export type TestLocation = ReturnType<typeof createTestLocation>;

/** Renders `children` under wouter's `Router` on `location` (a path, or a test location). */
export function TestRouter({
  location,
  children,
}: {
  location: string | TestLocation;
  children: ReactNode;
}) {
  // Made once: a new location hook would be a new router on every render.
  const [hook] = useState(() =>
    typeof location === 'string' ? createTestLocation(location).hook : location.hook,
  );
  return <Router hook={hook}>{children}</Router>;
}

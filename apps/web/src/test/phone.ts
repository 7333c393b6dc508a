import { vi } from 'vitest';

/**
 * A phone's screen for Mantine's media queries (spec §9: below 768 px): every `max-width`
 * query matches, no `min-width` one does. Undo with `vi.unstubAllGlobals()`.
 */
export function stubPhoneScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

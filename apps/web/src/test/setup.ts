// jsdom lacks a few browser APIs Mantine relies on.
import i18n, { lazyNamespaces, loadNamespaces } from '../lib/i18n';
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

// The files of a worker share its jsdom (vitest.config.ts): each starts as a new visitor would,
// in English with empty storage, whatever language or session the file before left behind.
beforeAll(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup. Toasts live
// in Mantine's module-wide store: emptied too, so no test sees another's toasts.
afterEach(() => {
  cleanup();
  notifications.clean();
});

// A page that listens to realtime events opens the app's socket, which finds no server here and
// keeps trying again. Its next try must not outlive the file's jsdom (no `WebSocket` then: an
// uncaught error in whichever file runs next). The module itself, not a file's mock of it.
afterAll(async () => {
  const realtime = await vi.importActual<typeof import('../lib/realtime')>('../lib/realtime');
  realtime.disconnectRealtime();
});

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
class IntersectionObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.IntersectionObserver ??= IntersectionObserverStub as unknown as typeof IntersectionObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};

// Screens that are lazy chunks in the app load their catalogs on the way (routes.tsx); tests
// render them directly, so every namespace is there from the start.
await loadNamespaces(lazyNamespaces);
// The account pages fetch their zod schemas on the first interaction (ADR 016); in the app that
// is one small download, here the first import compiles zod: done up front, not inside a test.
await import('../features/auth/form-schemas');

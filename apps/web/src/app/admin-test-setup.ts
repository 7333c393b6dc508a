import { notifications } from '@mantine/notifications';
import { act, cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { makeMe, signIn } from './test-utils';
import i18n from '../lib/i18n';

/** The shell's calls of a signed-in admin, for `mockApi`. */
export const adminShellApi = {
  'GET /user/getMe': { body: { data: makeMe({ role: 'ADMIN', fullname: 'Admin' }) } },
  'GET /request/get_twinkling/list': { body: { data: {} } },
  'GET /admin/creators': { body: { data: { items: [], next_cursor: null, pending_count: 0 } } },
};

/** Signed in on a desktop-wide screen (the side menu open), as the other admin page tests. */
export function setUpAdminPage() {
  localStorage.clear();
  signIn();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /min-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

export async function tearDownAdminPage() {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
}

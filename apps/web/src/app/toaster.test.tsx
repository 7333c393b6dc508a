import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../lib/i18n';
import { toasts } from '../lib/toasts';
import { renderWithProviders } from './test-utils';

afterEach(async () => {
  cleanup();
  toasts.clean();
  await act(() => i18n.changeLanguage('en'));
});

/** Where a toast opens: `data-position` of the container holding it. */
async function positionOfToast(message: string) {
  renderWithProviders(<main>Page</main>);
  act(() => toasts.show({ message }));
  const toast = await screen.findByText(message);
  return toast.closest('.mantine-Notifications-root')?.getAttribute('data-position');
}

describe('toasts', () => {
  // At the top they covered the end of the top bar (bell, settings, language) and the
  // controls at the end of a page's heading (e.g. "New request").
  it('open at the bottom, on the end side of the reading direction', async () => {
    expect(await positionOfToast('Saved')).toBe('bottom-right');
  });

  it('open at the bottom left in Arabic', async () => {
    await act(() => i18n.changeLanguage('tn'));
    expect(await positionOfToast('حُفظ')).toBe('bottom-left');
  });
});

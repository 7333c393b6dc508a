import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageReloader } from './page-reloader';
import { createRoutes } from './shell-pages';
import { makeMe, mockApi, renderRoutes, signIn } from './test-utils';

// The chunk of one page cannot be downloaded (offline, or removed by a new deployment).
vi.mock('../features/support/pages/support-creator-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/support-creator.js');
});

describe('a lazy page that fails to load', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /min-width/.test(query),
      media: query,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows Retry inside the shell, and Retry reloads the page', { timeout: 30_000 }, async () => {
    const reload = vi.spyOn(pageReloader, 'reload').mockImplementation(() => {});
    // React reports the error caught by the route's boundary; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } } });
    renderRoutes(createRoutes(), '/support-creator');

    // The first test of the file loads the shell's modules cold.
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(
      within(alert).getByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
    // The shell stays: the user can still go elsewhere.
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the other pages working', async () => {
    signIn();
    mockApi({ 'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } } });
    renderRoutes(createRoutes(), '/get-started');
    expect(
      await screen.findByRole('heading', { name: 'Get started', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

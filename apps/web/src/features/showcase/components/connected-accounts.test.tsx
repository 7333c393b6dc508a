import type { SocialAccount } from '@clipmarket/contracts/publication-metrics';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import { TestRouter, createTestLocation } from '../../../test/router';
import { goToAuthorizePage } from '../authorize-page';
import { ConnectedAccounts } from './connected-accounts';

vi.mock('../authorize-page', () => ({ goToAuthorizePage: vi.fn() }));

const instagram: SocialAccount = {
  platform: 'instagram',
  username: 'sami.creates',
  status: 'connected',
  connected_at: '2026-03-01T10:00:00.000Z',
};

function renderAt(path: string) {
  const location = createTestLocation(path);
  renderWithProviders(
    <TestRouter location={location}>
      <ConnectedAccounts />
    </TestRouter>,
  );
  return location;
}

describe("Showcase: the creator's connected accounts", () => {
  beforeEach(async () => {
    localStorage.clear();
    signIn();
    await i18n.loadNamespaces(['publication-metrics']);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(goToAuthorizePage).mockClear();
    await act(() => i18n.changeLanguage('en'));
  });

  it('says why connecting helps, shows a connected account and sends the creator to connect the other', async () => {
    const calls = mockApi({
      'GET /social-accounts': { body: { data: [instagram] } },
      'POST /social-accounts/tiktok/connect': {
        body: { data: { authorize_url: '/sandbox/social/tiktok/v2/auth/authorize/?state=s' } },
      },
    });
    renderAt('/profile/check-profile');

    const section = await screen.findByRole('region', { name: 'Connected accounts' });
    expect(
      within(section).getByText(/are read automatically\. Otherwise you submit them yourself/),
    ).toBeInTheDocument();
    const rows = await within(section).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const instagramRow = within(rows[0]!);
    expect(instagramRow.getByText('Instagram')).toBeInTheDocument();
    expect(
      instagramRow.getByText('Professional account (business or creator)'),
    ).toBeInTheDocument();
    expect(instagramRow.getByText('Connected')).toBeInTheDocument();
    expect(instagramRow.getByText('@sami.creates')).toHaveAttribute('dir', 'ltr');
    expect(instagramRow.getByText('Since 1 Mar 2026')).toBeInTheDocument();
    expect(instagramRow.queryByRole('button', { name: 'Connect Instagram' })).toBeNull();

    const tiktokRow = within(rows[1]!);
    expect(tiktokRow.getByText('Not connected')).toBeInTheDocument();
    await userEvent.click(tiktokRow.getByRole('button', { name: 'Connect TikTok' }));
    await waitFor(() =>
      expect(goToAuthorizePage).toHaveBeenCalledWith(
        '/sandbox/social/tiktok/v2/auth/authorize/?state=s',
      ),
    );
    expect(
      calls.some((c) => c.method === 'POST' && c.path === '/social-accounts/tiktok/connect'),
    ).toBe(true);
  });

  it('offers to reconnect an account the platform refused, and disconnects one after confirmation', async () => {
    let accounts: SocialAccount[] = [
      instagram,
      { ...instagram, platform: 'tiktok', username: 'samitok', status: 'reconnect_needed' },
    ];
    const calls = mockApi({
      'GET /social-accounts': () => ({ body: { data: accounts } }),
      'DELETE /social-accounts/instagram': () => {
        accounts = accounts.filter((account) => account.platform !== 'instagram');
        return { status: 204 };
      },
    });
    renderAt('/profile/check-profile');
    const section = await screen.findByRole('region', { name: 'Connected accounts' });
    expect(await within(section).findByText('Needs reconnecting')).toBeInTheDocument();
    expect(
      within(section).getByText(/reconnect it so that its figures are read again/),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Reconnect TikTok' })).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Disconnect Instagram' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Instagram?' });
    expect(within(dialog).getByText(/you will submit them with a screenshot/)).toBeInTheDocument();
    // Cancelling changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(section).getByRole('button', { name: 'Disconnect Instagram' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Disconnect Instagram?' })).getByRole(
        'button',
        { name: 'Disconnect' },
      ),
    );
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.path === '/social-accounts/instagram'),
      ).toBe(true),
    );
    expect(
      await within(section).findByRole('button', { name: 'Connect Instagram' }),
    ).toBeInTheDocument();
  });

  it('says how the return from the platform went, then cleans the address', async () => {
    mockApi({ 'GET /social-accounts': { body: { data: [instagram] } } });
    const location = renderAt('/showcase?connected=instagram');
    expect(
      await screen.findByText(
        'Your Instagram account is connected: its figures will be read automatically.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(location.pathname).toBe('/profile/check-profile'));
    expect(location.search).toBe('');
    cleanup();

    const failed = renderAt('/showcase?connect_error=denied&platform=tiktok');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The access to TikTok was not allowed: nothing was connected.',
    );
    await waitFor(() => expect(failed.search).toBe(''));
  });

  it('reads right to left in Arabic', async () => {
    mockApi({ 'GET /social-accounts': { body: { data: [instagram] } } });
    await act(() => i18n.changeLanguage('tn'));
    await i18n.loadNamespaces(['publication-metrics']);
    renderAt('/profile/check-profile');
    expect(await screen.findByRole('region', { name: 'الحسابات المرتبطة' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'ربط تيك توك' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

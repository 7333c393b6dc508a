import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { makeToolboxLineDetail } from '../test-data';
import ToolboxLinePage from './toolbox-line-page';

function renderAt(path = '/toolbox/41') {
  return renderRoutes(
    pagesOnly({ '/toolbox/:session_id': ToolboxLinePage, '/toolbox': () => <p>the list</p> }),
    path,
  );
}

describe('ToolBox: one delivery', () => {
  const writeText = vi.fn(async () => {});
  beforeEach(() => {
    signIn();
    writeText.mockClear();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each link with its target, its QR code to download, and copies it', async () => {
    const calls = mockApi({ 'GET /toolbox/41': { body: { data: makeToolboxLineDetail() } } });
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer launch' })).toBeVisible();
    expect(calls.map((call) => call.path)).toContain('/toolbox/41');

    const instagram = screen.getByRole('region', { name: 'Your Instagram link' });
    expect(within(instagram).getByText(/utm_source=instagram&utm_medium=ugc/)).toBeInTheDocument();
    const qr = within(instagram).getByRole('img', {
      name: 'QR code of your Instagram link https://clipmarket.tn/l/jasmin-amira',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    const download = within(instagram).getByRole('link', {
      name: 'Download the QR code of the Instagram link',
    });
    expect(download).toHaveAttribute('download', 'jasmin-amira.svg');

    const tiktok = screen.getByRole('region', { name: 'Your TikTok link' });
    await userEvent.click(within(tiktok).getByRole('button', { name: 'Copy link for TikTok' }));
    expect(writeText).toHaveBeenCalledWith('https://clipmarket.tn/l/jasmin-amira-2');
  });

  it('tells where a link can go on each platform', async () => {
    mockApi({ 'GET /toolbox/41': { body: { data: makeToolboxLineDetail() } } });
    renderAt();
    const hints = await screen.findByRole('region', { name: 'Where to put your link' });
    const instagram = within(hints).getByRole('list', { name: 'Where a link can go on Instagram' });
    expect(within(instagram).getByText('Story link sticker: yes')).toBeInTheDocument();
    expect(
      within(instagram).getByText('Reel caption: no, links there cannot be tapped'),
    ).toBeInTheDocument();
    const tiktok = within(hints).getByRole('list', { name: 'Where a link can go on TikTok' });
    expect(
      within(tiktok).getByText(
        'Link in bio: only with 1,000 followers or more, or a business account',
      ),
    ).toBeInTheDocument();
  });

  it('says when the advertiser has not given a page yet', async () => {
    mockApi({
      'GET /toolbox/41': {
        body: { data: makeToolboxLineDetail({ links: [], missing_reason: 'no_target_page' }) },
      },
    });
    renderAt();
    expect(await screen.findByText('No link yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Copy/ })).toBeNull();
  });

  it("shows the not-found page for a delivery that is not the creator's, or a bad id", async () => {
    mockApi({
      'GET /toolbox/99': {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Delivery not found' } },
      },
    });
    const { unmount } = renderAt('/toolbox/99');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    unmount();
    renderAt('/toolbox/abc');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('offers a retry when the links could not be loaded, and a way back', async () => {
    mockApi({
      'GET /toolbox/41': { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } },
    });
    const { location } = renderAt();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the links of this delivery.',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Back to the ToolBox' }));
    expect(location.pathname).toBe('/toolbox');
  });
});

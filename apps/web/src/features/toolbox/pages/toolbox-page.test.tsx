import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { makeLink, makeToolboxLine } from '../test-data';
import ToolboxPage from './toolbox-page';

function renderPage() {
  return renderRoutes(
    pagesOnly({ '/toolbox': ToolboxPage, '/toolbox/:session_id': () => <p>one delivery</p> }),
    '/toolbox',
  );
}

describe('ToolBox page', () => {
  const writeText = vi.fn(async () => {});
  beforeEach(() => {
    signIn();
    writeText.mockClear();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each delivery with its links, their clicks, and copies a link', async () => {
    mockApi({
      'GET /toolbox': {
        body: {
          data: [
            makeToolboxLine({ campaign_name: 'Ramadan' }),
            makeToolboxLine({
              content_request_influencer_id: 52,
              reference: 'OP-000003-1',
              source_kind: 'opportunity',
              title: 'Café au lait',
              advertiser_name: 'Délice',
              platforms: ['tiktok'],
              links: [],
              missing_reason: 'no_target_page',
            }),
          ],
        },
      },
    });
    renderPage();
    const first = await screen.findByRole('article', { name: 'Summer launch' });
    expect(within(first).getByText('CR-000012-1')).toBeInTheDocument();
    expect(within(first).getByText(/Jasmin · campaign Ramadan/)).toBeInTheDocument();
    expect(
      within(first).getByRole('link', { name: 'https://clipmarket.tn/l/jasmin-amira' }),
    ).toHaveAttribute('href', 'https://clipmarket.tn/l/jasmin-amira');
    expect(within(first).getByText(/Clicks: 42 · Link previews: 3/)).toBeInTheDocument();
    expect(within(first).getByText(/Clicks: 0 · Link previews: 0$/)).toBeInTheDocument();

    // Keyboard: tab to the Instagram copy button, press Enter.
    const copy = within(first).getByRole('button', { name: 'Copy link for Instagram' });
    copy.focus();
    await userEvent.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith('https://clipmarket.tn/l/jasmin-amira');
    expect(await within(first).findByRole('button', { name: 'Link copied' })).toBeInTheDocument();
    expect(
      within(first)
        .getAllByRole('status')
        .map((region) => region.textContent),
    ).toEqual(['Link copied', '']);

    const second = screen.getByRole('article', { name: 'Café au lait' });
    expect(within(second).getByText('No link yet')).toBeInTheDocument();
    expect(
      within(second).getByText(/has not given a page for this delivery yet/),
    ).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /Copy/ })).toBeNull();
  });

  it('opens a delivery for its QR codes and tips', async () => {
    mockApi({ 'GET /toolbox': { body: { data: [makeToolboxLine()] } } });
    const { location } = renderPage();
    await userEvent.click(
      await screen.findByRole('link', { name: 'QR codes and tips for Summer launch' }),
    );
    await waitFor(() => expect(location.pathname).toBe('/toolbox/41'));
    expect(await screen.findByText('one delivery')).toBeInTheDocument();
  });

  it('says how to get links when there is no delivery yet', async () => {
    mockApi({ 'GET /toolbox': { body: { data: [] } } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No links yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accept requests' })).toHaveAttribute(
      'href',
      '/accept-requests',
    );
    expect(screen.getByRole('link', { name: 'Discover opportunities' })).toHaveAttribute(
      'href',
      '/discover-opportunities',
    );
  });

  it('shows a failed load with a retry that loads again', async () => {
    let fail = true;
    mockApi({
      'GET /toolbox': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { body: { data: [makeToolboxLine({ links: [makeLink()] })] } },
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your links.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Summer launch' })).toBeInTheDocument();
  });
});

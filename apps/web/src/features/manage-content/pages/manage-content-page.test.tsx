import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { asListLine, makeAdvertiserLine, makeSentRequest } from '../test-data';
import ManageContentPage from './manage-content-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

const page = (data: unknown[]) => ({ body: { data, next_before: null } });

describe('Manage content (advertiser list)', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the lines to review with their creator, request and status, by filter', async () => {
    const request = makeSentRequest({
      lines: [
        asListLine(makeAdvertiserLine()),
        // Another creator of the same request, not to review: not in this tab.
        asListLine(
          makeAdvertiserLine({
            content_request_influencer_id: 44,
            influencer_name: 'lina',
            status: 'accepted',
          }),
        ),
      ],
    });
    const calls = mockApi({
      'GET /content-requests': page([request]),
      'POST /request/twinkling/seen': { body: { data: {} } },
    });
    renderRoutes(pagesOnly({ '/manage-content': ManageContentPage }), '/manage-content');

    const list = await screen.findByRole('list');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent('sami.creates');
    expect(cards[0]).toHaveTextContent('Ramadan yoghurt launch');
    expect(cards[0]).toHaveTextContent('To review');
    // Its name starts with the word it shows (WCAG 2.5.3, label in name).
    const review = within(cards[0]!).getByRole('link', {
      name: 'Review the video of sami.creates for Ramadan yoghurt launch',
    });
    expect(review).toHaveTextContent(/^Review$/);
    expect(review).toHaveAttribute('href', '/manage-content/41');
    expect(calls.some((call) => call.path === '/content-requests')).toBe(true);
    // The menu's highlight of a new video is seen once the list shows.
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/request/twinkling/seen')?.body).toEqual({
        flag: 'twinkling_manage_content',
      }),
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(await screen.findByText('Nothing completed yet')).toBeVisible();
  });

  it('asks the list API with the filter', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return new Response(JSON.stringify({ data: [], next_before: null }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderRoutes(
      pagesOnly({ '/manage-content': ManageContentPage }),
      '/manage-content?filter=approved',
    );
    expect(await screen.findByText('No approved video')).toBeVisible();
    expect(urls.some((url) => url.includes('filter=approved'))).toBe(true);
  });

  it('names a link to a video not to review by what it shows too: "Open"', async () => {
    const request = makeSentRequest({
      title: '',
      lines: [asListLine(makeAdvertiserLine({ status: 'approved' }))],
    });
    mockApi({
      'GET /content-requests': page([request]),
      'POST /request/twinkling/seen': { body: { data: {} } },
    });
    renderRoutes(
      pagesOnly({ '/manage-content': ManageContentPage }),
      '/manage-content?filter=approved',
    );
    const open = await screen.findByRole('link', {
      name: 'Open the video of sami.creates for Untitled request',
    });
    expect(open).toHaveTextContent(/^Open$/);
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import { makeVideo } from '../test-data';
import GetInspiredPage from './get-inspired-page';

function renderAt(path = '/get-inspired') {
  return renderRoutes(pagesOnly({ '/get-inspired': GetInspiredPage }), path);
}

/** Records each gallery call's query (mockApi matches paths without it). */
function galleryQueries() {
  const queries: URLSearchParams[] = [];
  const mocked = vi.mocked(fetch);
  const original = mocked.getMockImplementation()!;
  mocked.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/get-inspired')) queries.push(url.searchParams);
    return original(input, init);
  });
  return queries;
}

const tiktokVideo = makeVideo({
  line_id: 40,
  creator: { influencer_id: 12, influencer_name: 'karim.unboxes', picture_url: null },
  content_type: 'unboxing_videos',
  video_duration: 15,
  publications: [{ platform: 'tiktok', url: 'https://www.tiktok.com/@k/video/1', at_7d: null }],
  poster_url: '/v2/get-inspired/40/poster',
});

const reference = {
  'GET /category/find': { body: { data: [{ category_id: 3, label: 'Food' }] } },
};

describe('Get inspired', () => {
  beforeEach(() => signIn());
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows each video with its poster, creator, brief, post and 7-day figures; advertisers can request its creator', async () => {
    mockApi({
      ...reference,
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
      'GET /get-inspired': { body: { data: [makeVideo(), tiktokVideo], next_before: null } },
    });
    renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Get inspired' })).toBeVisible();
    const card = await screen.findByRole('article', { name: 'By yasmine.trabelsi' });
    expect(within(card).getByRole('img', { name: 'Video by yasmine.trabelsi' })).toHaveAttribute(
      'src',
      '/v2/get-inspired/41/poster',
    );
    expect(card).toHaveTextContent('Product demo · 30 s');
    expect(card).toHaveTextContent('At 7 days: 12,400 views · 830 likes');
    expect(card).toHaveTextContent('Instagram API · 2 days ago');
    expect(within(card).getByRole('link', { name: /View the post on Instagram/ })).toHaveAttribute(
      'href',
      'https://www.instagram.com/reel/abc123/',
    );
    expect(within(card).getByRole('link', { name: "yasmine.trabelsi's profile" })).toHaveAttribute(
      'href',
      '/creator/9',
    );
    expect(
      await within(card).findByRole('link', { name: 'Request this creator: yasmine.trabelsi' }),
    ).toHaveAttribute('href', '/request-content/add?influencer_id=9');

    const other = screen.getByRole('article', { name: 'By karim.unboxes' });
    expect(other).toHaveTextContent('No 7-day figures yet');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('gives creators no request button nor profile link', async () => {
    mockApi({
      ...reference,
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /get-inspired': { body: { data: [makeVideo()], next_before: null } },
    });
    renderAt();
    const card = await screen.findByRole('article', { name: 'By yasmine.trabelsi' });
    await waitFor(() => expect(card).toHaveTextContent('yasmine.trabelsi'));
    expect(within(card).queryByRole('link', { name: /Request this creator/ })).toBeNull();
    expect(within(card).queryByRole('link', { name: /profile/ })).toBeNull();
  });

  it('sends the filters to the server and pages on with its cursor', async () => {
    mockApi({
      ...reference,
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /get-inspired': (call) =>
        call.path === '/get-inspired'
          ? { body: { data: [makeVideo()], next_before: 41 } }
          : undefined,
    });
    const queries = galleryQueries();
    const user = userEvent.setup();
    renderAt();
    await screen.findByRole('article', { name: 'By yasmine.trabelsi' });
    expect(queries.at(-1)?.get('before')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(queries.at(-1)?.get('before')).toBe('41'));

    await user.click(screen.getByRole('radio', { name: 'TikTok' }));
    await waitFor(() => expect(queries.at(-1)?.get('platform')).toBe('tiktok'));
    await user.click(screen.getByRole('radio', { name: '60 s' }));
    await waitFor(() => expect(queries.at(-1)?.get('video_duration')).toBe('60'));
    expect(queries.at(-1)?.get('platform')).toBe('tiktok');
    expect(screen.getByRole('radiogroup', { name: 'Platform' })).toBeVisible();
    expect(screen.getByRole('radiogroup', { name: 'Video length' })).toBeVisible();

    await user.click(screen.getAllByLabelText('Content type')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Unboxing videos' }));
    await waitFor(() => expect(queries.at(-1)?.get('content_type')).toBe('unboxing_videos'));
    await user.click(screen.getAllByLabelText('Category')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Food' }));
    await waitFor(() => expect(queries.at(-1)?.get('category_id')).toBe('3'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queries.at(-1)?.get('platform')).toBeNull());
  });

  it('says why the gallery is empty', async () => {
    mockApi({
      ...reference,
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
      'GET /get-inspired': { body: { data: [], next_before: null } },
    });
    const user = userEvent.setup();
    renderAt();
    expect(
      await screen.findByText(
        'Videos appear here once their creator and their brand both allow showing them.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Instagram' }));
    expect(
      await screen.findByText('No video matches these filters. Try other filters.'),
    ).toBeVisible();
  });

  it('reads right to left in Arabic', async () => {
    mockApi({
      ...reference,
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
      'GET /get-inspired': { body: { data: [makeVideo()], next_before: null } },
    });
    await act(() => i18n.changeLanguage('tn'));
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'استلهم أفكارًا' })).toBeVisible();
    const card = await screen.findByRole('article', { name: 'من إنجاز yasmine.trabelsi' });
    expect(await within(card).findByRole('link', { name: /^اطلب هذا الصانع/ })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

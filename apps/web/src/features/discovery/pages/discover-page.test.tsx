import { notifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import i18n from '../../../lib/i18n';
import {
  type ApiCall,
  mockApi,
  renderRoutes,
  renderWithProviders,
  signIn,
} from '../../../app/test-utils';
import { emptyFilters } from '../filter-state';
import {
  discoveryApi,
  makeCard,
  makeQuota,
  makeShortList,
  openOptions,
  specFilterNames,
  stubIntersectionObserver,
} from '../test-data';
import DiscoverPage from './discover-page';

function renderPage() {
  return renderWithProviders(
    <TestRouter location={'/discover-content'}>
      <Switch>
        <Route path="/discover-content">
          <DiscoverPage />
        </Route>
      </Switch>
    </TestRouter>,
  );
}

const searches = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/search/influencers');

/** One page of results: creators `ids`, then `next` as the cursor. */
const page = (ids: number[], next: string | null = null, quota = makeQuota({ remaining: 2 })) => ({
  body: { data: { items: ids.map((id) => makeCard(id)), next_cursor: next, quota } },
});

describe('Discover Content', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    notifications.clean();
    notifications.cleanQueue();
    vi.unstubAllGlobals();
  });

  it("refines with exactly the spec's filter names and shows creator cards", async () => {
    const calls = mockApi(discoveryApi({ 'POST /search/influencers': page([11, 12]) }));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Discover Content', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Free searches left: 3 of 10')).toBeInTheDocument();
    // Nothing is searched (nor counted) before Refine.
    expect(searches(calls)).toHaveLength(0);

    const categories = await openOptions('Categories');
    await userEvent.click(within(categories).getByRole('option', { name: 'Food' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Female' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refine' }));

    const results = screen.getByRole('region', { name: 'Creators' });
    expect(await within(results).findAllByRole('article')).toHaveLength(2);
    const [search] = searches(calls);
    const { q: _q, ...withoutText } = emptyFilters;
    expect(search?.body).toEqual({ ...withoutText, categories: [2], gender: ['F'] });
    expect(Object.keys(search?.body as object).every((key) => specFilterNames.includes(key))).toBe(
      true,
    );
    expect(within(results).getByText('Creators shown: 2')).toBeInTheDocument();
    // The quota the answer carries replaces the one shown.
    expect(await screen.findByText('Free searches left: 2 of 10')).toBeInTheDocument();

    const card = within(results).getByRole('article', { name: 'creator.11' });
    expect(within(card).getByRole('link', { name: 'creator.11' })).toHaveAttribute(
      'href',
      '/creator/11',
    );
    expect(within(card).getByText('Sara Number 11')).toBeInTheDocument();
    expect(within(card).getByText('@creator.11')).toBeInTheDocument();
    expect(within(card).getByText('Micro creator')).toBeInTheDocument();
    expect(within(card).getByText('Food')).toBeInTheDocument();
    expect(await within(card).findByText('Sfax, Tunisia')).toBeInTheDocument();
    expect(within(card).getByText('25,300')).toBeInTheDocument();
    expect(within(card).getByText('\u20664.11 %\u2069')).toBeInTheDocument();
    expect(within(card).getByText('8,000')).toBeInTheDocument();
    expect(within(card).getByText('Verified')).toBeInTheDocument();
    expect(within(card).getByText('Updated on 1 Mar 2025')).toBeInTheDocument();
  });

  it('saves the filters as they change and restores them on return', async () => {
    localStorage.setItem(
      'discovery.filters.1',
      JSON.stringify({ ...emptyFilters, platform: 'tiktok', q: 'sara' }),
    );
    mockApi(discoveryApi());
    const first = renderPage();
    expect(await screen.findByRole('radio', { name: 'TikTok' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Name or username' })).toHaveValue('sara');

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Male' }));
    expect(JSON.parse(localStorage.getItem('discovery.filters.1') ?? '{}')).toMatchObject({
      platform: 'tiktok',
      gender: ['M'],
      q: 'sara',
    });

    first.unmount();
    renderPage();
    expect(await screen.findByRole('checkbox', { name: 'Male' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'TikTok' })).toBeChecked();
  });

  it('keeps the results when coming back, without searching again', async () => {
    const calls = mockApi(discoveryApi({ 'POST /search/influencers': page([11]) }));
    const { queryClient, unmount } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refine' }));
    expect(await screen.findByRole('article', { name: 'creator.11' })).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <TestRouter location={'/discover-content'}>
        <Switch>
          <Route path="/discover-content">
            <DiscoverPage />
          </Route>
        </Switch>
      </TestRouter>,
      queryClient,
    );
    expect(await screen.findByRole('article', { name: 'creator.11' })).toBeInTheDocument();
    expect(searches(calls)).toHaveLength(1);
  });

  it('clears the filters and the results with "Reset all filters"', async () => {
    mockApi(discoveryApi({ 'POST /search/influencers': page([11]) }));
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Male' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refine' }));
    expect(await screen.findByRole('article', { name: 'creator.11' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reset all filters' }));
    expect(screen.queryByRole('article')).toBeNull();
    expect(
      screen.getByRole('heading', { name: 'Find creators for your brand' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Male' })).not.toBeChecked();
    expect(JSON.parse(localStorage.getItem('discovery.filters.1') ?? '{}')).toEqual(emptyFilters);
  });

  it('loads the next page with the cursor when the end of the list comes into view', async () => {
    const observer = stubIntersectionObserver();
    const calls = mockApi(
      discoveryApi({
        'POST /search/influencers': (call) =>
          (call.body as { cursor?: string }).cursor === 'after-12'
            ? page([13])
            : page([11, 12], 'after-12'),
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Female' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refine' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Show more creators' })).toBeInTheDocument();

    act(() => observer.reachEnd());
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    const [first, second] = searches(calls);
    expect(first?.body).not.toHaveProperty('cursor');
    // The same search, paged on: same filters plus the cursor.
    expect(second?.body).toEqual({ ...(first?.body as object), cursor: 'after-12' });
    expect(
      screen.getByText('You have seen every creator matching these filters.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Creators shown: 3')).toBeInTheDocument();
  });

  it('says unlimited during a paid period', async () => {
    mockApi(
      discoveryApi({
        'GET /search/quota': {
          body: {
            data: makeQuota({
              status: 'subscribed',
              remaining: null,
              account_validity_to: '2025-12-31T00:00:00.000Z',
            }),
          },
        },
      }),
    );
    renderPage();
    expect(await screen.findByText('Unlimited searches until 31 Dec 2025')).toBeInTheDocument();
  });

  it.each([
    ['SEARCH_QUOTA_EXHAUSTED', 'You have used all the free searches of your trial.', 'exhausted'],
    ['SEARCH_TRIAL_EXPIRED', 'Your free trial has ended.', 'expired'],
  ] as const)('explains %s', async (code, message, status) => {
    let quotaStatus: 'trial' | typeof status = 'trial';
    mockApi(
      discoveryApi({
        'POST /search/influencers': () => {
          quotaStatus = status;
          return { status: 403, body: { error: { code, message: 'refused' } } };
        },
        'GET /search/quota': () => ({
          body: { data: makeQuota({ status: quotaStatus, remaining: 0 }) },
        }),
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refine' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(within(alert).getByText(/favourites and shortlists stay available/)).toBeInTheDocument();
    // The panel reads the quota again and says it too.
    expect(
      await screen.findByText(
        status === 'exhausted' ? 'No free searches left' : 'Free trial ended',
      ),
    ).toBeInTheDocument();
  });

  it('tells an advertiser whose e-mail is not confirmed yet that the trial starts then', async () => {
    mockApi(
      discoveryApi({
        'POST /search/influencers': () => ({
          status: 403,
          body: { error: { code: 'EMAIL_NOT_VERIFIED', message: 'refused' } },
        }),
        'GET /search/quota': () => ({
          body: {
            data: makeQuota({
              status: 'not_started',
              remaining: 0,
              max_search_count: 0,
              free_trial_expire_date: null,
            }),
          },
        }),
      }),
    );
    renderPage();
    // The panel says it before any search.
    expect(await screen.findByText('Your free trial starts soon')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Refine' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(
        'Please confirm your email address first: the link is in the email we sent you.',
      ),
    ).toBeInTheDocument();
    expect(within(alert).getByText(/your free trial starts/)).toBeInTheDocument();
  });

  it('offers to send the confirmation link again from the refusal', async () => {
    const calls = mockApi(
      discoveryApi({
        'POST /search/influencers': () => ({
          status: 403,
          body: { error: { code: 'EMAIL_NOT_VERIFIED', message: 'refused' } },
        }),
        'POST /auth/resend-verification': () => ({ status: 200, body: {} }),
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refine' }));
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Send me a new link' }));
    expect(
      await within(alert).findByText('A new link has been sent to your email address.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/auth/resend-verification')).toHaveLength(1);
    expect(within(alert).queryByRole('button', { name: 'Send me a new link' })).toBeNull();
  });

  it('offers to retry when the search fails', async () => {
    let attempts = 0;
    mockApi(
      discoveryApi({
        'POST /search/influencers': () =>
          ++attempts === 1
            ? { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }
            : page([11]),
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refine' }));
    expect(await screen.findByText(/We could not load the creators/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'creator.11' })).toBeInTheDocument();
  });

  it('says so when no creator matches', async () => {
    mockApi(discoveryApi({ 'POST /search/influencers': page([]) }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refine' }));
    expect(
      await screen.findByRole('heading', { name: 'No creator matches these filters' }),
    ).toBeInTheDocument();
  });

  it('favourites a creator from its card', async () => {
    const calls = mockApi(
      discoveryApi({
        'POST /search/influencers': page([11]),
        'POST /favorites/toggle': (call) => ({
          body: {
            data: {
              influencer_id: (call.body as { influencer_id: number }).influencer_id,
              is_favorite: true,
            },
          },
        }),
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refine' }));
    const card = await screen.findByRole('article', { name: 'creator.11' });
    const heart = within(card).getByRole('button', { name: 'Add to favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(
      await within(card).findByRole('button', { name: 'Remove from favourites' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(calls.find((c) => c.path === '/favorites/toggle')?.body).toEqual({ influencer_id: 11 });
    expect(
      await screen.findByText('Creator favorised or disfavorised successfully'),
    ).toBeInTheDocument();
  });

  // Cards did not show that a creator was already shortlisted (walk of 2026-11-27).
  it('tells on each card the shortlists that already hold the creator', async () => {
    let lists = [makeShortList(5, 'Ramadan'), makeShortList(6, 'Summer', [11])];
    mockApi(
      discoveryApi({
        'POST /search/influencers': page([11, 12]),
        'GET /short-lists': () => ({ body: { data: lists } }),
        'PUT /short-lists/5/influencers/12': () => {
          lists = lists.map((l) => (l.short_list_id === 5 ? { ...l, influencer_ids: [12] } : l));
          return { body: { data: lists[0] } };
        },
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refine' }));
    const first = await screen.findByRole('article', { name: 'creator.11' });
    const second = screen.getByRole('article', { name: 'creator.12' });
    expect(await within(first).findByText('In your shortlists: Summer')).toBeVisible();
    expect(within(second).queryByText(/In your shortlists/)).toBeNull();

    await userEvent.click(within(second).getByRole('button', { name: 'Add to shortlist' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Ramadan' }));
    expect(await within(second).findByText('In your shortlists: Ramadan')).toBeVisible();
  });

  it('adds a creator to a shortlist, removes it, and creates a list with it', async () => {
    let lists = [makeShortList(5, 'Ramadan'), makeShortList(6, 'Summer', [11])];
    const calls = mockApi(
      discoveryApi({
        'POST /search/influencers': page([11]),
        'GET /short-lists': () => ({ body: { data: lists } }),
        'PUT /short-lists/5/influencers/11': () => {
          lists = lists.map((l) => (l.short_list_id === 5 ? { ...l, influencer_ids: [11] } : l));
          return { body: { data: lists[0] } };
        },
        'DELETE /short-lists/6/influencers/11': () => {
          lists = lists.map((l) => (l.short_list_id === 6 ? { ...l, influencer_ids: [] } : l));
          return { body: { data: lists[1] } };
        },
        'POST /short-lists': () => {
          const list = makeShortList(7, 'Autumn');
          lists = [list, ...lists];
          return { status: 201, body: { data: list } };
        },
        'PUT /short-lists/7/influencers/11': { body: { data: makeShortList(7, 'Autumn', [11]) } },
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refine' }));
    const card = await screen.findByRole('article', { name: 'creator.11' });
    await userEvent.click(within(card).getByRole('button', { name: 'Add to shortlist' }));

    const ramadan = await screen.findByRole('checkbox', { name: 'Ramadan' });
    expect(ramadan).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Summer' })).toBeChecked();
    await userEvent.click(ramadan);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Ramadan' })).toBeChecked());
    expect(
      calls.some((c) => c.method === 'PUT' && c.path === '/short-lists/5/influencers/11'),
    ).toBe(true);
    expect(await screen.findByText('creator.11 added to “Ramadan”')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Summer' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Summer' })).not.toBeChecked());
    expect(
      calls.some((c) => c.method === 'DELETE' && c.path === '/short-lists/6/influencers/11'),
    ).toBe(true);

    // A name is required before a new list is created.
    await userEvent.click(screen.getByRole('button', { name: 'Create and add' }));
    expect(await screen.findByText('The name field is required')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'New shortlist' }), 'Autumn');
    await userEvent.click(screen.getByRole('button', { name: 'Create and add' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'PUT' && c.path === '/short-lists/7/influencers/11'),
      ).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST' && c.path === '/short-lists')?.body).toEqual({
      name: 'Autumn',
    });
  });

  it('runs a recent search again', async () => {
    const calls = mockApi(
      discoveryApi({
        'POST /search/influencers': page([11]),
        'GET /search/history': {
          body: {
            data: [
              {
                search_id: 4,
                created_at: '2025-03-03T10:00:00.000Z',
                filters: { ...emptyFilters, gender: ['M'] },
              },
              {
                search_id: 3,
                created_at: '2025-03-02T10:00:00.000Z',
                filters: {
                  ...emptyFilters,
                  platform: 'tiktok',
                  categories: [2],
                  residence: ['TN'],
                  city: { TN: ['Tunis'] },
                },
              },
            ],
          },
        },
      }),
    );
    renderPage();
    // Arriving shows the last search again.
    await waitFor(() => expect(searches(calls)).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Recent searches' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /TikTok · Food · Tunisia/ }));
    await waitFor(() => expect(searches(calls)).toHaveLength(2));
    expect(searches(calls)[1]?.body).toMatchObject({
      platform: 'tiktok',
      categories: [2],
      residence: ['TN'],
      city: { TN: ['Tunis'] },
    });
    expect(screen.getByRole('radio', { name: 'TikTok' })).toBeChecked();
    expect(await screen.findByRole('article', { name: 'creator.11' })).toBeInTheDocument();
  });

  // The results were gone until Refine, and each Refine cost a search (walk of 2026-11-27).
  describe('coming back once the results are no longer cached', () => {
    const lastSearch = {
      search_id: 9,
      created_at: '2025-03-02T10:00:00.000Z',
      filters: { ...emptyFilters, platform: 'tiktok', gender: ['F'], residence: ['TN'] },
    } as const;
    const api = (quota = makeQuota({ remaining: 2 })) =>
      discoveryApi({
        'POST /search/influencers': page([11, 12], null, quota),
        'GET /search/quota': { body: { data: quota } },
        'GET /search/history': { body: { data: [lastSearch] } },
      });

    it('shows the last search again, with its filters when this browser kept none', async () => {
      const calls = mockApi(api());
      renderPage();
      const results = await screen.findByRole('region', { name: 'Creators' });
      expect(await within(results).findAllByRole('article')).toHaveLength(2);
      expect(searches(calls)).toHaveLength(1);
      expect(searches(calls)[0]?.body).toMatchObject({
        platform: 'tiktok',
        gender: ['F'],
        residence: ['TN'],
      });
      expect(screen.getByRole('radio', { name: 'TikTok' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Female' })).toBeChecked();
      expect(JSON.parse(localStorage.getItem('discovery.filters.1') ?? '{}')).toMatchObject({
        platform: 'tiktok',
        gender: ['F'],
      });
    });

    it('keeps the filters this browser saved, and shows the last search beside them', async () => {
      localStorage.setItem(
        'discovery.filters.1',
        JSON.stringify({ ...emptyFilters, gender: ['M'] }),
      );
      const calls = mockApi(api());
      renderPage();
      expect(await screen.findAllByRole('article')).toHaveLength(2);
      expect(searches(calls)[0]?.body).toMatchObject({ platform: 'tiktok', gender: ['F'] });
      expect(screen.getByRole('checkbox', { name: 'Male' })).toBeChecked();
    });

    it('shows it again with a used-up trial (it is free), not with an ended one', async () => {
      const used = mockApi(api(makeQuota({ status: 'exhausted', remaining: 0 })));
      const first = renderPage();
      expect(await screen.findAllByRole('article')).toHaveLength(2);
      expect(searches(used)).toHaveLength(1);
      first.unmount();

      const ended = mockApi(api(makeQuota({ status: 'expired', remaining: 0 })));
      renderPage();
      expect(
        await screen.findByRole('heading', { name: 'Find creators for your brand' }),
      ).toBeInTheDocument();
      // Both the quota and the history are there: nothing was searched.
      expect(await screen.findByText('Free trial ended')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Recent searches' })).toBeInTheDocument();
      expect(searches(ended)).toHaveLength(0);
    });

    it('shows nothing after "Reset all filters", until the next search', async () => {
      const calls = mockApi(api());
      const first = renderPage();
      expect(await screen.findAllByRole('article')).toHaveLength(2);
      await userEvent.click(screen.getByRole('button', { name: 'Reset all filters' }));
      first.unmount();

      renderPage();
      expect(
        await screen.findByRole('heading', { name: 'Find creators for your brand' }),
      ).toBeInTheDocument();
      expect(searches(calls)).toHaveLength(1);
      await userEvent.click(screen.getByRole('button', { name: 'Refine' }));
      await waitFor(() => expect(searches(calls)).toHaveLength(2));
    });
  });
});

describe('Discover Content in Arabic', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('speaks Arabic right to left, with Latin digits', async () => {
    await act(() => i18n.changeLanguage('tn'));
    mockApi(discoveryApi({ 'POST /search/influencers': page([11]) }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'اكتشف المحتوى', level: 1 })).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByText('عمليات البحث المجانية المتبقية: 3 من 10')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'تحسين النتائج' }));
    const card = await screen.findByRole('article', { name: 'creator.11' });
    expect(within(card).getByRole('button', { name: 'إضافة إلى المفضلة' })).toBeInTheDocument();
    // Tunisian Arabic groups with a dot and writes decimals with a comma.
    expect(within(card).getByText('25.300')).toBeInTheDocument();
    expect(within(card).getByText('\u20664,11 %\u2069')).toBeInTheDocument();
  });
});

describe('Discover Content routes', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is there for advertisers at /discover-content and /search', async () => {
    mockApi(discoveryApi());
    renderRoutes(createRoutes(), '/search');
    expect(
      await screen.findByRole('heading', { name: 'Discover Content', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Filters/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('never shows creators the filter panel: they get the not-found page', async () => {
    const calls = mockApi(discoveryApi({}, 'TALENT'));
    renderRoutes(createRoutes(), '/discover-content');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/search'))).toBe(false);
  });
});

describe('Discover Content with the keyboard (issue 8)', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    notifications.clean();
    vi.unstubAllGlobals();
  });

  it('focuses the results heading after Refine and after "Show more creators"', async () => {
    mockApi(
      discoveryApi({
        'POST /search/influencers': (call) =>
          (call.body as { cursor?: string }).cursor === 'after-12'
            ? page([13])
            : page([11, 12], 'after-12'),
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Refine' }));
    const heading = screen.getByRole('heading', { name: 'Creators', level: 2 });
    expect(heading).toHaveFocus();
    expect(await screen.findAllByRole('article')).toHaveLength(2);

    const more = screen.getByRole('button', { name: 'Show more creators' });
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(heading).toHaveFocus();
  });
});

describe('Discover Content on a phone (issue 8)', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    // The narrow layout's media query matches; jsdom's stub answers no to every other one.
    const matchMedia = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width: 61.99em'),
    }));
  });
  afterEach(() => {
    cleanup();
    notifications.clean();
    vi.unstubAllGlobals();
  });

  it('keeps the filters in a drawer opened by a "Filters" button that counts the active ones', async () => {
    localStorage.setItem(
      'discovery.filters.1',
      JSON.stringify({ ...emptyFilters, gender: ['F'], q: 'sara' }),
    );
    mockApi(discoveryApi({ 'POST /search/influencers': page([11, 12]) }));
    renderPage();
    const user = userEvent.setup();
    // No panel above the results: a button, with the number of active filters.
    expect(await screen.findByRole('heading', { name: 'Creators', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refine' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button).toHaveAccessibleDescription('Active filters: 2');

    // Opened, it holds the form; Escape closes it and gives the focus back to the button.
    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(await within(drawer).findByRole('checkbox', { name: 'Female' })).toBeChecked();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();

    // Refine closes it and takes the focus to the results.
    await user.click(button);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Filters' })).getByRole('button', {
        name: 'Refine',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Creators', level: 2 })).toHaveFocus();
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });
});

describe('Discover Content prices (issue 10)', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each card’s price for the chosen video length, 30 s first, and remembers it', async () => {
    mockApi(
      discoveryApi({
        'POST /search/influencers': {
          body: {
            data: {
              items: [
                makeCard(11, { prices: { '15': 40_000, '30': 70_000, '60': 110_000 } }),
                makeCard(12, { prices: { '15': 55_000, '30': 90_000, '60': 150_000 } }),
              ],
              next_cursor: null,
              quota: makeQuota({ remaining: 2 }),
            },
          },
        },
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refine' }));
    const results = screen.getByRole('region', { name: 'Creators' });
    const [first, second] = await within(results).findAllByRole('article');
    const priceOf = (card: HTMLElement | undefined) =>
      within(card!).getByTestId('creator-card-price').textContent;
    expect(priceOf(first)).toBe('30-second video70.000 TND');
    expect(priceOf(second)).toBe('30-second video90.000 TND');

    const picker = within(results).getByRole('radiogroup', { name: 'Prices for a video of' });
    expect(within(picker).getByRole('radio', { name: '30 s' })).toBeChecked();
    await userEvent.click(within(picker).getByRole('radio', { name: '60 s' }));
    expect(priceOf(first)).toBe('60-second video110.000 TND');
    expect(priceOf(second)).toBe('60-second video150.000 TND');

    // Chosen again on the next visit.
    cleanup();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Refine' }));
    const again = screen.getByRole('region', { name: 'Creators' });
    expect(within(again).getByRole('radio', { name: '60 s' })).toBeChecked();
    const [card] = await within(again).findAllByRole('article');
    expect(priceOf(card)).toBe('60-second video110.000 TND');
  });
});

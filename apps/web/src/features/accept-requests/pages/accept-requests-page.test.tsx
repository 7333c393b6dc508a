import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { emitRealtime } from '../../../test/realtime-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { linesPage, makeLine } from '../../../test/creator-lines';
import AcceptRequestsPage from './accept-requests-page';
import MakeContentPage from './make-content-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

function LocationProbe() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <output data-testid="location">{`${pathname}${search ? `?${search}` : ''}`}</output>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/accept-requests">
          <AcceptRequestsPage />
        </Route>
        <Route path="/make-content">
          <MakeContentPage />
        </Route>
        <Route path="/make-content/:content_request_influencer_id">
          <p>details</p>
        </Route>
      </Switch>
      <LocationProbe />
    </TestRouter>,
  );
}

type Lines = { data: ReturnType<typeof makeLine>[]; next_before: number | null };

/**
 * The list route answered from its query string (`filter`, `before`), which mockApi leaves out
 * of its keys; returns the fetch mock, whose calls hold the URLs asked.
 */
function stubLines(answer: (params: URLSearchParams) => Lines) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const isList = url.pathname === '/v2/content-request-influencers';
    return new Response(
      JSON.stringify(
        isList ? answer(url.searchParams) : { error: { code: 'NOT_FOUND', message: 'none' } },
      ),
      { status: isList ? 200 : 404, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const askedParams = (fetchMock: ReturnType<typeof stubLines>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/v2/content-request-influencers')
    .map((url) => url.searchParams);

const none: Lines = { data: [], next_before: null };

describe('Accept requests page', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the spec filters in order and shows each card of the list', async () => {
    const fetchMock = stubLines((params) =>
      params.get('filter') !== 'all'
        ? none
        : {
            next_before: null,
            data: [
              makeLine(),
              makeLine({
                content_request_influencer_id: 40,
                status: 'submitted',
                answer_by: null,
                funds_secured: false,
                allowed_transitions: [],
                format: 'square',
                video_duration: 60,
                price: 1_200_500,
                title: 'Unboxing the new phone',
              }),
            ],
          },
    );
    renderAt('/accept-requests');

    expect(await screen.findByRole('heading', { level: 1, name: 'Accept Requests' })).toBeVisible();
    const filters = screen.getByRole('group', { name: 'Show requests' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'All',
      'New',
      'Declined',
      'Debriefed',
      'Approved',
      'Completed',
      'Reviewing',
      'Accepted',
    ]);
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const cards = await screen.findAllByTestId('request-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Ramadan yoghurt launch' })).toHaveAttribute(
      'href',
      '/make-content/41',
    );
    expect(first.getByText(/Request CR-000012-1/)).toBeVisible();
    expect(first.getByText(/From Délice Danone/)).toBeVisible();
    expect(first.getByText('New')).toBeVisible();
    expect(first.getByText('Funds secured')).toBeVisible();
    expect(first.getByText(/^Answer by .+ \(in 2 days\)$/)).toBeVisible();
    expect(first.getByText('350.000 TND')).toBeVisible();
    expect(first.getByText('30 s')).toBeVisible();
    expect(first.getByText('Portrait (9:16)')).toBeVisible();
    expect(first.getByText('Show the new recipe at the family table.')).toBeVisible();
    // The deadline in Tunisia's time (UTC+1): 11:30 UTC is 12:30.
    expect(first.getByText(/10 Dec 2026.*12:30/)).toBeVisible();

    const second = within(cards[1]!);
    expect(second.getByText('Reviewing')).toBeVisible();
    expect(second.queryByText('Funds secured')).toBeNull();
    expect(second.queryByText(/Answer by/)).toBeNull();
    expect(second.getByText('1,200.500 TND')).toBeVisible();
    expect(second.getByText('Square (1:1)')).toBeVisible();
    expect(second.getByText('60 s')).toBeVisible();

    // A filter asks the server for its states, and says when there is nothing.
    await userEvent.click(within(filters).getByRole('button', { name: 'New' }));
    expect(await screen.findByRole('heading', { name: 'No new request' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/accept-requests?filter=sent');
    await userEvent.click(within(filters).getByRole('button', { name: 'Reviewing' }));
    expect(await screen.findByRole('heading', { name: 'Nothing in review' })).toBeVisible();
    expect(askedParams(fetchMock).map((params) => params.get('filter'))).toEqual([
      'all',
      'sent',
      'in_review',
    ]);
  });

  it('opens a request from a click anywhere on its card', async () => {
    stubLines(() => ({ data: [makeLine()], next_before: null }));
    renderAt('/accept-requests');
    const card = await screen.findByTestId('request-card');
    await userEvent.click(within(card).getByText('Show the new recipe at the family table.'));
    expect(await screen.findByText('details')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/make-content/41');
  });

  it('pages on with the last id of the page before', async () => {
    const linesFrom = (first: number) =>
      [first, first - 1].map((id) =>
        makeLine({ content_request_influencer_id: id, title: `Request ${id}` }),
      );
    const fetchMock = stubLines((params) =>
      params.get('before') === '49'
        ? { data: linesFrom(48), next_before: null }
        : { data: linesFrom(50), next_before: 49 },
    );
    renderAt('/accept-requests');
    expect(await screen.findAllByTestId('request-card')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show more requests' }));
    expect(await screen.findByRole('link', { name: 'Request 47' })).toBeVisible();
    expect(screen.getAllByTestId('request-card')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Show more requests' })).toBeNull();
    const [first, second] = askedParams(fetchMock);
    expect(first?.get('before')).toBeNull();
    expect(second?.get('before')).toBe('49');
    expect(second?.get('filter')).toBe('all');
    expect(second?.get('limit')).toBe('20');
  });

  it('shows the empty state of the filter in the address, and clears the menu highlight', async () => {
    const fetchMock = stubLines(() => none);
    renderAt('/accept-requests?filter=debriefed');
    expect(await screen.findByRole('heading', { name: 'No revision asked' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Debriefed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    // The menu's highlight of new requests goes once the page shows.
    const seen = fetchMock.mock.calls.filter(([input]) =>
      String(input).endsWith('/request/twinkling/seen'),
    );
    expect(seen.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([
      { flag: 'twinkling_accept_request' },
    ]);
  });

  it('refreshes the list when a notification arrives', async () => {
    let lines = [makeLine()];
    mockApi({ 'GET /content-request-influencers': () => linesPage(lines) });
    renderAt('/accept-requests');
    expect(await screen.findAllByTestId('request-card')).toHaveLength(1);
    lines = [makeLine({ content_request_influencer_id: 42, title: 'A new one' }), ...lines];
    act(() => emitRealtime('new_notification', { notification_hash: 'h' }));
    expect(await screen.findByRole('link', { name: 'A new one' })).toBeVisible();
    expect(screen.getAllByTestId('request-card')).toHaveLength(2);
  });
});

describe('Make content page', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the accepted work by section: to film, to revise, in review', async () => {
    stubLines((params) => {
      const filter = params.get('filter');
      return {
        next_before: null,
        data:
          filter === 'accepted'
            ? [makeLine({ status: 'accepted', answer_by: null, allowed_transitions: [] })]
            : filter === 'in_review'
              ? [
                  makeLine({
                    content_request_influencer_id: 39,
                    status: 'submitted',
                    title: 'Sent video',
                    answer_by: null,
                    allowed_transitions: [],
                  }),
                ]
              : [],
      };
    });
    renderAt('/make-content');
    expect(await screen.findByRole('heading', { level: 1, name: 'Make content' })).toBeVisible();
    const toFilm = await screen.findByRole('region', { name: 'To film' });
    expect(
      await within(toFilm).findByRole('link', { name: 'Ramadan yoghurt launch' }),
    ).toBeVisible();
    expect(within(toFilm).getByText('Accepted')).toBeVisible();
    const toRevise = screen.getByRole('region', { name: 'To revise' });
    expect(await within(toRevise).findByText('Nothing here for now.')).toBeVisible();
    const inReview = screen.getByRole('region', { name: 'In review' });
    expect(await within(inReview).findByRole('link', { name: 'Sent video' })).toHaveAttribute(
      'href',
      '/make-content/39',
    );
  });

  it('says when there is no work in progress, with the way to the requests', async () => {
    stubLines(() => none);
    renderAt('/make-content');
    expect(await screen.findByRole('heading', { name: 'No work in progress' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'See my requests' })).toHaveAttribute(
      'href',
      '/accept-requests',
    );
  });
});

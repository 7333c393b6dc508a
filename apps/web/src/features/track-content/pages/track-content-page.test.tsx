import type { CreatorLine } from '@clipmarket/contracts/content-requests';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signIn } from '../../../app/test-utils';
import { makeOpportunityLine } from '../../../test/creator-lines';
import { emitRealtime } from '../../../test/realtime-mock';
import { TestRouter } from '../../../test/router';
import TrackContentPage from './track-content-page';

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
        <Route path="/track-content">
          <TrackContentPage />
        </Route>
        <Route path="/track-content/:content_opportunity_influencer_id">
          <p>delivery screen</p>
        </Route>
      </Switch>
      <LocationProbe />
    </TestRouter>,
  );
}

type Lines = { data: CreatorLine[]; next_before: number | null };
const none: Lines = { data: [], next_before: null };

/**
 * The list route answered from its query string (`source`, `content_filter`, `before`);
 * returns the fetch mock, whose calls hold the URLs asked.
 */
function stubLines(answer: (params: URLSearchParams) => Lines) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
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

describe('Track Content page', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the opportunity lines under the spec content status filter, each card with its facts', async () => {
    const fetchMock = stubLines((params) =>
      params.get('content_filter') !== 'all'
        ? none
        : {
            next_before: null,
            data: [
              makeOpportunityLine(),
              makeOpportunityLine({
                content_request_influencer_id: 76,
                reference: 'OP-000009-2',
                source: { kind: 'opportunity', id: 9, reference: 'OP-000009-2' },
                status: 'submitted',
                funds_secured: false,
                title: 'Back to school unboxing',
                price: 1_250_000,
              }),
            ],
          },
    );
    renderAt('/track-content');

    expect(await screen.findByRole('heading', { level: 1, name: 'Track Content' })).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: 'Content status' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All', 'To publish', 'Reviewing', 'Declined', 'Debriefed', 'Approved', 'Completed']);
    expect(within(tabs).getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');

    const cards = await screen.findAllByTestId('request-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    // The card opens the line's delivery screen under Track Content.
    expect(first.getByRole('link', { name: 'Summer reel by the sea' })).toHaveAttribute(
      'href',
      '/track-content/77',
    );
    expect(first.getByText(/Opportunity OP-000010-1/)).toBeVisible();
    expect(first.getByText(/From Boga Cidre/)).toBeVisible();
    expect(first.getByText('Accepted')).toBeVisible();
    expect(first.getByText('Funds secured')).toBeVisible();
    expect(first.getByText('480.000 TND')).toBeVisible();
    // The delivery deadline in Tunisia's time (UTC+1): 09:00 UTC is 10:00.
    expect(first.getByText('Delivery deadline')).toBeVisible();
    expect(first.getByText(/20 Dec 2026.*10:00/)).toBeVisible();
    // An opportunity's line has no answer to give: no acceptance window.
    expect(first.queryByText(/Answer by/)).toBeNull();

    const second = within(cards[1]!);
    expect(second.getByText(/Opportunity OP-000009-2/)).toBeVisible();
    expect(second.getByText('Reviewing')).toBeVisible();
    expect(second.queryByText('Funds secured')).toBeNull();
    expect(second.getByText('1,250.000 TND')).toBeVisible();

    // The first page asks for the opportunities' lines, not the requests'.
    const [asked] = askedParams(fetchMock);
    expect(asked?.get('source')).toBe('opportunity');
    expect(asked?.get('content_filter')).toBe('all');
    expect(asked?.get('limit')).toBe('20');
    expect(asked?.get('filter')).toBeNull();

    // A tab asks the server for its states, keeps itself in the address and says when there
    // is nothing.
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Reviewing' }));
    expect(await screen.findByRole('heading', { name: 'Nothing in review' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/track-content?filter=reviewing');
    await userEvent.click(within(tabs).getByRole('tab', { name: 'To publish' }));
    expect(await screen.findByRole('heading', { name: 'Nothing to film' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/track-content?filter=to_publish');
    expect(askedParams(fetchMock).map((params) => params.get('content_filter'))).toEqual([
      'all',
      'reviewing',
      'to_publish',
    ]);
    // Back to All: the address loses its filter.
    await userEvent.click(within(tabs).getByRole('tab', { name: 'All' }));
    expect(await screen.findAllByTestId('request-card')).toHaveLength(2);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/track-content$/);
  });

  it('opens a line from a click anywhere on its card', async () => {
    stubLines(() => ({ data: [makeOpportunityLine()], next_before: null }));
    renderAt('/track-content');
    const card = await screen.findByTestId('request-card');
    await userEvent.click(within(card).getByText('A cold Boga on the beach at sunset.'));
    expect(await screen.findByText('delivery screen')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/track-content/77');
  });

  it('pages on with the last id of the page before', async () => {
    const linesFrom = (first: number) =>
      [first, first - 1].map((id) =>
        makeOpportunityLine({ content_request_influencer_id: id, title: `Video ${id}` }),
      );
    const fetchMock = stubLines((params) =>
      params.get('before') === '49'
        ? { data: linesFrom(48), next_before: null }
        : { data: linesFrom(50), next_before: 49 },
    );
    renderAt('/track-content?filter=approved');
    expect(await screen.findAllByTestId('request-card')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Show more content' }));
    expect(await screen.findByRole('link', { name: 'Video 47' })).toBeVisible();
    expect(screen.getAllByTestId('request-card')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Show more content' })).toBeNull();
    const [first, second] = askedParams(fetchMock);
    expect(first?.get('before')).toBeNull();
    expect(second?.get('before')).toBe('49');
    expect(second?.get('source')).toBe('opportunity');
    expect(second?.get('content_filter')).toBe('approved');
  });

  it('shows the empty state of the filter in the address', async () => {
    const fetchMock = stubLines(() => none);
    renderAt('/track-content?filter=debriefed');
    expect(await screen.findByRole('heading', { name: 'No revision asked' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Debriefed' })).toHaveAttribute('aria-selected', 'true');
    expect(askedParams(fetchMock).map((params) => params.get('content_filter'))).toEqual([
      'debriefed',
    ]);
  });

  it('with no line at all, leads to the opportunities and to the applications', async () => {
    stubLines(() => none);
    renderAt('/track-content?filter=unknown');
    expect(await screen.findByRole('heading', { name: 'No content to make yet' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Discover opportunities' })).toHaveAttribute(
      'href',
      '/discover-opportunities',
    );
    expect(screen.getByRole('link', { name: 'My applications' })).toHaveAttribute(
      'href',
      '/track-opportunities',
    );
  });

  it('refreshes the list when a notification arrives', async () => {
    let lines: CreatorLine[] = [makeOpportunityLine()];
    stubLines(() => ({ data: lines, next_before: null }));
    renderAt('/track-content');
    expect(await screen.findAllByTestId('request-card')).toHaveLength(1);
    lines = [
      makeOpportunityLine({ content_request_influencer_id: 78, title: 'Approved just now' }),
      ...lines,
    ];
    act(() => emitRealtime('new_notification', { notification_hash: 'h' }));
    expect(await screen.findByRole('link', { name: 'Approved just now' })).toBeVisible();
    expect(screen.getAllByTestId('request-card')).toHaveLength(2);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { limits, makeCard, makeRequest } from '../test-data';
import NewRequestPage from './new-request-page';

function LocationProbe() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <output data-testid="location">{`${pathname}${search ? `?${search}` : ''}`}</output>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/request-content/add">
          <NewRequestPage />
        </Route>
        <Route></Route>
      </Switch>
      <LocationProbe />
    </TestRouter>,
  );
}

const favorites = [
  makeCard(1, 'sami.creates'),
  makeCard(2, 'lina.films'),
  makeCard(3, 'omar.vlog'),
];

const api = (overrides: Parameters<typeof mockApi>[0] = {}) => ({
  'GET /content-requests/limits': { body: { data: limits } },
  'GET /favorites': { body: { data: favorites } },
  'GET /short-lists': {
    body: {
      data: [
        {
          short_list_id: 9,
          name: 'Summer',
          influencer_ids: [2, 3],
          created_at: '2026-11-01T00:00:00.000Z',
          updated_at: '2026-11-01T00:00:00.000Z',
        },
      ],
    },
  },
  'GET /short-lists/9': {
    body: {
      data: {
        short_list_id: 9,
        name: 'Summer',
        influencer_ids: [2, 3],
        created_at: '2026-11-01T00:00:00.000Z',
        updated_at: '2026-11-01T00:00:00.000Z',
        items: [makeCard(2, 'lina.films'), makeCard(3, 'omar.vlog')],
      },
    },
  },
  'POST /content-requests': { status: 201, body: { data: makeRequest() } },
  ...overrides,
});

describe('New content request, step 1: the creators', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for at least one creator before going on', async () => {
    const calls = mockApi(api());
    renderAt('/request-content/add');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New content request' }),
    ).toHaveFocus();
    const stepper = screen.getByRole('navigation', { name: 'Steps of the request' });
    expect(within(stepper).getByRole('status')).toHaveTextContent('Step 1 of 4: Select creators');
    expect(within(stepper).getByText('Select creators').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    await screen.findByRole('checkbox', { name: 'sami.creates' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please select at least one creator to continue!',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('counts the creators and stops at the limit with the spec message', async () => {
    mockApi(api());
    renderAt('/request-content/add');
    const list = await screen.findByRole('list', { name: 'Creators to choose from' });
    // Prices of the discovery answer are shown.
    expect(within(list).getAllByText('120.000 TND')).toHaveLength(3);
    expect(screen.getByTestId('creators-counter')).toHaveTextContent('0 / 2');
    await userEvent.click(within(list).getByRole('checkbox', { name: 'sami.creates' }));
    await userEvent.click(within(list).getByRole('checkbox', { name: 'lina.films' }));
    expect(screen.getByTestId('creators-counter')).toHaveTextContent('2 / 2');
    expect(
      screen.getByText("You've reached the limit of creators allowed in a request."),
    ).toBeVisible();
    expect(within(list).getByRole('checkbox', { name: 'omar.vlog' })).toBeDisabled();
    // Unticking one frees a place.
    await userEvent.click(within(list).getByRole('checkbox', { name: 'sami.creates' }));
    expect(screen.getByTestId('creators-counter')).toHaveTextContent('1 / 2');
    expect(within(list).getByRole('checkbox', { name: 'omar.vlog' })).toBeEnabled();
    expect(
      screen.queryByText("You've reached the limit of creators allowed in a request."),
    ).toBeNull();
  });

  it('starts from a shortlist (?short_list_id=) and creates the draft with Next', async () => {
    const calls = mockApi(api());
    renderAt('/request-content/add?short_list_id=9');
    const list = await screen.findByRole('list', { name: 'Creators to choose from' });
    await waitFor(() =>
      expect(within(list).getByRole('checkbox', { name: 'lina.films' })).toBeChecked(),
    );
    expect(within(list).getByRole('checkbox', { name: 'omar.vlog' })).toBeChecked();
    expect(screen.getByTestId('creators-counter')).toHaveTextContent('2 / 2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/request-content/42'),
    );
    const post = calls.find((call) => call.method === 'POST' && call.path === '/content-requests');
    expect(post?.body).toEqual({ influencer_ids: [2, 3] });
  });

  it('puts a request started from a campaign (?campaign=) in that campaign', async () => {
    const calls = mockApi(api({ 'POST /campaigns/5/items': { body: { data: {} } } }));
    renderAt('/request-content/add?short_list_id=9&campaign=5');
    const list = await screen.findByRole('list', { name: 'Creators to choose from' });
    await waitFor(() =>
      expect(within(list).getByRole('checkbox', { name: 'lina.films' })).toBeChecked(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/request-content/42'),
    );
    const attached = calls.find((call) => call.path === '/campaigns/5/items');
    expect(attached).toMatchObject({
      method: 'POST',
      body: { kind: 'content-request', id: 42 },
    });
  });

  // The creator page had no way to send that creator a request (walk of 2026-11-27).
  it('starts with the creator of the creator page (?influencer_id=)', async () => {
    const calls = mockApi(
      api({
        'GET /influencers/7/profile': {
          body: {
            data: {
              influencer_id: 7,
              influencer_name: 'nour.cooks',
              first_name: 'Nour',
              last_name: 'Ben Ali',
              ig_username: 'nour.cooks',
              tiktok_username: null,
              profile_efile_id: null,
              efile: null,
              influencer_bio: null,
              categories: [],
              specializations: [],
              country: 'TN',
              city: 'Tunis',
              gender: 'F',
              age_intervale: '25-35',
              is_show_media_kit: true,
              stats: [],
              size_band: null,
            },
          },
        },
      }),
    );
    renderAt('/request-content/add?influencer_id=7');
    const chosen = await screen.findByRole('region', { name: 'Selected creators' });
    expect(await within(chosen).findByRole('button', { name: 'Remove nour.cooks' })).toBeVisible();
    expect(screen.getByTestId('creators-counter')).toHaveTextContent('1 / 2');
    // Others can still be added from the favourites.
    await userEvent.click(await screen.findByRole('checkbox', { name: 'sami.creates' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/request-content/42'),
    );
    const post = calls.find((call) => call.method === 'POST' && call.path === '/content-requests');
    expect(post?.body).toEqual({ influencer_ids: [7, 1] });
  });

  it('finds creators by a search too', async () => {
    const calls = mockApi(
      api({
        'POST /search/influencers': {
          body: {
            data: {
              items: [makeCard(7, 'nour.makes')],
              next_cursor: null,
              quota: { status: 'active', used: 1, max: 10, expires_at: null },
            },
          },
        },
      }),
    );
    renderAt('/request-content/add');
    await screen.findByRole('checkbox', { name: 'sami.creates' });
    await userEvent.click(screen.getByRole('radio', { name: 'Search' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Creator name or username' }), 'nour');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'nour.makes' }));
    expect(screen.getByTestId('creators-counter')).toHaveTextContent('1 / 2');
    const search = calls.find((call) => call.path === '/search/influencers');
    expect(search?.body).toMatchObject({ q: 'nour', platform: 'instagram' });
  });
});

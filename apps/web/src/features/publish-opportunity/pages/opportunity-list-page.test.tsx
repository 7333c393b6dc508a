import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { TestRouter } from '../../../test/router';
import { makeFilledOpportunity, makeOpportunity, withCounts } from '../test-data';
import OpportunityListPage from './opportunity-list-page';

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/publish-opportunity">
          <OpportunityListPage />
        </Route>
      </Switch>
    </TestRouter>,
  );
}

/** Records each list call's query (mockApi matches paths without it). */
function listQueries() {
  const queries: URLSearchParams[] = [];
  const mocked = vi.mocked(fetch);
  const original = mocked.getMockImplementation()!;
  mocked.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/opportunities')) queries.push(url.searchParams);
    return original(input, init);
  });
  return queries;
}

const live = withCounts(
  makeFilledOpportunity({
    content_opportunity_id: 12,
    reference: 'OP-000012',
    state: 'live',
    spots_taken: 1,
  }),
  { interests: 7, applications: 4, to_review: 2 },
);

describe('Manage Opportunities', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the spec filters and the drafts, and shows each opportunity with its counts', async () => {
    mockApi({ 'GET /opportunities': { body: { data: [live], next_before: null } } });
    const queries = listQueries();
    renderAt('/publish-opportunity');
    const tabs = within(screen.getByRole('tablist', { name: 'Filter the opportunities' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All',
      'Published',
      'Ongoing',
      'Completed',
      'Expired',
      'Live',
      'Drafts',
    ]);
    const card = await screen.findByRole('article', { name: 'Summer drink' });
    expect(card).toHaveTextContent('OP-000012');
    expect(within(card).getByText('Live')).toBeVisible();
    expect(card).toHaveTextContent('Price per video: 80.000 TND – 150.000 TND');
    expect(card).toHaveTextContent('Applications until 10 Dec 2099');
    expect(card).toHaveTextContent('Spots left: 2 of 3');
    expect(card).toHaveTextContent('Interested: 7');
    expect(card).toHaveTextContent('Applications: 4');
    expect(card).toHaveTextContent('To review: 2');
    expect(
      within(card).getByRole('link', { name: 'Applications to Summer drink' }),
    ).toHaveAttribute('href', '/publish-opportunity/12/applications');
    expect(
      within(card).getByRole('link', { name: 'Interested creators: Summer drink' }),
    ).toHaveAttribute('href', '/publish-opportunity/12/interests');
    expect(screen.getByRole('link', { name: 'New opportunity' })).toHaveAttribute(
      'href',
      '/publish-opportunity/add',
    );
    expect(queries[0]?.get('filter')).toBe('all');

    await userEvent.click(tabs.getByRole('tab', { name: 'Live' }));
    await waitFor(() => expect(queries.at(-1)?.get('filter')).toBe('live'));
  });

  it('lists the drafts: continue one, or delete it after a confirmation', async () => {
    let drafts = [withCounts(makeOpportunity({ title: 'Winter coat' }))];
    const calls = mockApi({
      'GET /opportunities': () => ({ body: { data: drafts, next_before: null } }),
      'DELETE /opportunities/10': () => {
        drafts = [];
        // The API answers 204; the fake fetch cannot build a 204 with its JSON body.
        return { body: {} };
      },
    });
    renderAt('/publish-opportunity?filter=draft');
    const card = await screen.findByRole('article', { name: 'Winter coat' });
    expect(
      within(card).getByRole('link', { name: 'Continue the draft Winter coat' }),
    ).toHaveAttribute('href', '/publish-opportunity/10');
    await userEvent.click(
      within(card).getByRole('button', { name: 'Delete the draft Winter coat' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(
      within(card).getByRole('button', { name: 'Delete the draft Winter coat' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this draft?' })).getByRole(
        'button',
        { name: 'Delete the draft' },
      ),
    );
    expect(await screen.findByText('Draft Deleted successfully!')).toBeVisible();
    expect(
      await screen.findByText('No draft: an opportunity saved before its checkout appears here.'),
    ).toBeVisible();
  });

  it('loads more with the keyset, and says when there is nothing', async () => {
    let served = 0;
    mockApi({
      'GET /opportunities': () => {
        served += 1;
        const id = 100 - served;
        return {
          body: {
            data: [
              withCounts(makeFilledOpportunity({ content_opportunity_id: id, state: 'live' })),
            ],
            next_before: id,
          },
        };
      },
    });
    const queries = listQueries();
    renderAt('/publish-opportunity');
    await screen.findByRole('article', { name: 'Summer drink' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(queries.at(-1)?.get('before')).toBe('99'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });

  it('shows the empty state with a way to a new opportunity', async () => {
    mockApi({ 'GET /opportunities': { body: { data: [], next_before: null } } });
    renderAt('/publish-opportunity?filter=expired');
    expect(await screen.findByRole('heading', { name: 'No opportunity here' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'New opportunity' })).toHaveLength(2);
  });
});

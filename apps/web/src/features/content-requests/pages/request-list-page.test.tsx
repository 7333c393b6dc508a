import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { emitRealtime } from '../../../test/realtime-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { makeFilledDraft, makeLine, makeRequest } from '../test-data';
import RequestListPage from './request-list-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/request-content">
          <RequestListPage />
        </Route>
      </Switch>
    </TestRouter>,
  );
}

const sentRequest = makeFilledDraft({
  content_request_id: 50,
  status: 'sent',
  script: 'Open the can.',
  lines: [
    makeLine({ funds_secured: true }),
    makeLine({
      content_request_influencer_id: 302,
      influencer_id: 2,
      influencer_name: 'lina.films',
      status: 'declined',
      reason: 'Not my style',
      allowed_transitions: [],
    }),
  ],
});

/** Records each list call's query (mockApi matches paths without it). */
function listQueries() {
  const queries: URLSearchParams[] = [];
  const mocked = vi.mocked(fetch);
  const original = mocked.getMockImplementation()!;
  mocked.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/content-requests')) queries.push(url.searchParams);
    return original(input, init);
  });
  return queries;
}

describe('My content requests', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the spec filters, and shows each line with its state', async () => {
    mockApi({ 'GET /content-requests': { body: { data: [sentRequest], next_before: null } } });
    const queries = listQueries();
    renderAt('/request-content');
    const tabs = within(screen.getByRole('tablist', { name: 'Filter the requests' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All',
      'Sent',
      'Creator Accepted',
      'To Review',
      'Declined',
      'Debriefed',
      'Approved',
      'Completed',
      'Drafts',
    ]);
    const card = await screen.findByRole('article', { name: 'Summer drink' });
    expect(card).toHaveTextContent('Length: 30 s');
    expect(card).toHaveTextContent('Format: Portrait');
    expect(card).toHaveTextContent(/Deadline: 20 Dec 2026, 12:30/);
    const lines = within(within(card).getByRole('list', { name: 'Creators' })).getAllByRole(
      'listitem',
    );
    expect(lines[0]).toHaveTextContent('sami.creates');
    expect(within(lines[0]!).getByText('Sent')).toBeVisible();
    expect(within(lines[0]!).getByText('Funds secured')).toBeVisible();
    expect(within(lines[1]!).getByText('Declined')).toBeVisible();
    expect(within(lines[1]!).getByText('Reason: Not my style')).toBeVisible();
    expect(within(lines[1]!).queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'New request' })).toHaveAttribute(
      'href',
      '/request-content/add',
    );
    expect(queries[0]?.get('filter')).toBe('all');

    await userEvent.click(tabs.getByRole('tab', { name: 'Creator Accepted' }));
    await waitFor(() => expect(queries.at(-1)?.get('filter')).toBe('accepted'));
  });

  it('cancels a line still sent, after a confirmation', async () => {
    const calls = mockApi({
      'GET /content-requests': { body: { data: [sentRequest], next_before: null } },
      'POST /content-request-influencers/301/transitions': { body: { data: {} } },
    });
    renderAt('/request-content');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel the request to sami.creates' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the request' }));
    expect(await screen.findByText('The request to this creator is cancelled.')).toBeVisible();
    const post = calls.find((call) => call.path === '/content-request-influencers/301/transitions');
    expect(post?.body).toEqual({ transition: 'cancel' });
  });

  it('lists the drafts: continue one, or delete it after a confirmation', async () => {
    let drafts = [makeRequest({ title: 'Winter coat' })];
    const calls = mockApi({
      'GET /content-requests': () => ({ body: { data: drafts, next_before: null } }),
      'DELETE /content-requests/42': () => {
        drafts = [];
        return { body: { data: { deleted: true } } };
      },
    });
    renderAt('/request-content?filter=draft');
    const card = await screen.findByRole('article', { name: 'Winter coat' });
    expect(card).toHaveTextContent('Creators: 2');
    expect(
      within(card).getByRole('link', { name: 'Continue the draft Winter coat' }),
    ).toHaveAttribute('href', '/request-content/42');
    await userEvent.click(
      within(card).getByRole('button', { name: 'Delete the draft Winter coat' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    // "Keep it" deletes nothing.
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
      await screen.findByText('No draft: a request saved before its checkout appears here.'),
    ).toBeVisible();
  });

  it('loads more with the keyset, and refreshes when a notification arrives', async () => {
    let status: 'sent' | 'accepted' = 'sent';
    let served = 0;
    mockApi({
      'GET /content-requests': () => {
        served += 1;
        const id = 100 - served;
        return {
          body: {
            data: [{ ...sentRequest, content_request_id: id, lines: [makeLine({ status })] }],
            next_before: id,
          },
        };
      },
    });
    const queries = listQueries();
    renderAt('/request-content');
    await screen.findByRole('article', { name: 'Summer drink' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(queries.at(-1)?.get('before')).toBe('99'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));

    status = 'accepted';
    act(() => emitRealtime('new_notification', { notification_hash: 'abc' }));
    expect((await screen.findAllByText('Accepted')).length).toBeGreaterThan(0);
  });
});

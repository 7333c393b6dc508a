import { opportunityMessages } from '@clipmarket/contracts/opportunities';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { type ApiCall, mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { goToPaymentPage } from '../../../lib/payment-page';
import { stubPhoneScreen } from '../../../test/phone';
import { createTestLocation, TestRouter } from '../../../test/router';
import { makeApplication, makeOpportunity, secondApplication } from '../test-data';
import ApplicationsPage from './applications-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));
vi.mock('../../../lib/payment-page', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/payment-page')>()),
  goToPaymentPage: vi.fn(),
}));

function renderAt(path: string) {
  const location = createTestLocation(path);
  renderWithProviders(
    <TestRouter location={location}>
      <Switch>
        <Route path="/publish-opportunity/:content_opportunity_id/applications">
          <ApplicationsPage />
        </Route>
      </Switch>
    </TestRouter>,
  );
  return location;
}

/** Records the query of each applications call (mockApi matches paths without it). */
function applicationQueries() {
  const queries: URLSearchParams[] = [];
  const mocked = vi.mocked(fetch);
  const original = mocked.getMockImplementation()!;
  mocked.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/applications')) queries.push(url.searchParams);
    return original(input, init);
  });
  return queries;
}

const page = (data: unknown[], next_cursor: string | null = null) => ({
  body: { data, next_cursor },
});
const decisionPath = (id: number) => `/opportunities/10/applications/${id}/decision`;
const approvalPath = (id: number) => `/opportunities/10/applications/${id}/approval-payment`;
/** The approve dialog's reading of the wallet for an 80 TND application. */
const approvalQuote = (available: number) => ({
  body: {
    data: {
      price: 80_000,
      wallet_available: available,
      wallet_covers: available >= 80_000,
      missing: Math.max(0, 80_000 - available),
    },
  },
});
const posted = (calls: ApiCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

describe('An opportunity’s applications', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(goToPaymentPage).mockReset();
  });

  it('shows the opportunity, then each application with what compares them', async () => {
    mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      'GET /opportunities/10/applications': page([makeApplication(), secondApplication]),
    });
    renderAt('/publish-opportunity/10/applications');

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Summer drink launch',
    );
    expect(screen.getByText('Opportunity OP-000010')).toBeVisible();
    expect(screen.getByText('Live')).toBeVisible();
    const facts = screen.getByLabelText('About this opportunity');
    expect(facts).toHaveTextContent('Spots0 taken, 3 left');
    expect(facts).toHaveTextContent('Price per video50.000 TND – 120.000 TND');
    expect(facts).toHaveTextContent('Applications until1 Dec 2026');
    expect(screen.getByRole('region', { name: 'Usage rights' })).toHaveTextContent(
      'Usage rights: organic, 30 days, Tunisia',
    );
    expect(screen.getByRole('link', { name: 'Interested creators' })).toHaveAttribute(
      'href',
      '/publish-opportunity/10/interests',
    );
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const sami = await screen.findByRole('article', { name: 'sami.creates' });
    expect(sami).toHaveTextContent('Sfax');
    expect(within(sami).getByText('Under review')).toBeVisible();
    expect(sami).toHaveTextContent('Price80.000 TND');
    expect(sami).toHaveTextContent('4.6 out of 5 · 12 ratings');
    expect(sami).toHaveTextContent(/On time\u2066?92 %/);
    expect(sami).toHaveTextContent('Videos delivered14');
    expect(sami).toHaveTextContent('Followers: 12,000 · Engagement: \u20663.5 %\u2069');
    expect(sami).toHaveTextContent('Verified, measured on 30 Oct 2026');
    expect(sami).toHaveTextContent('PitchI film drinks every week.');
    // Each answer under its question, in the questions' order.
    expect(sami).toHaveTextContent('Have you filmed a drink before?Yes, for a juice brand.');
    expect(sami).toHaveTextContent('Which city do you film in?Sfax');
    expect(within(sami).getByRole('link', { name: 'Watch the sample video' })).toHaveAttribute(
      'href',
      '/manage-content/77',
    );

    const lina = screen.getByRole('article', { name: 'lina.films' });
    expect(lina).toHaveTextContent('Not rated yet');
    expect(lina).toHaveTextContent('No finished delivery yet');
    expect(lina).toHaveTextContent('No audience figures');
    expect(lina).toHaveTextContent('No sample');
  });

  it('shows the usage rights the opportunity buys, in the wording creators read', async () => {
    mockApi({
      'GET /opportunities/10': {
        body: {
          data: makeOpportunity({
            licence: {
              channels: ['organic', 'spark_ads'],
              duration: 'perpetual',
              territory: 'worldwide',
              exclusivity_days: 90,
            },
          }),
        },
      },
      'GET /opportunities/10/applications': page([]),
    });
    renderAt('/publish-opportunity/10/applications');
    expect(await screen.findByRole('region', { name: 'Usage rights' })).toHaveTextContent(
      'Usage rights: organic + Spark ads, perpetual, worldwide, 90-day exclusivity',
    );
  });

  it('filters and sorts the applications, and loads more of them', async () => {
    mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      'GET /opportunities/10/applications': page([makeApplication()], '80000:501'),
    });
    const queries = applicationQueries();
    const location = renderAt('/publish-opportunity/10/applications');
    const tabs = within(await screen.findByRole('tablist', { name: 'Filter the applications' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All',
      'Under review',
      'Accepted',
      'Declined',
    ]);
    await screen.findByRole('article', { name: 'sami.creates' });
    expect(queries[0]?.get('filter')).toBe('all');
    expect(queries[0]?.get('sort')).toBe('newest');
    expect(queries[0]?.has('cursor')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(queries.at(-1)?.get('cursor')).toBe('80000:501'));

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Newest', 'Lowest price', 'Highest price', 'Best rated']);
    await userEvent.selectOptions(sort, 'Lowest price');
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('price_low'));
    expect(location.search).toBe('?sort=price_low');

    await userEvent.click(tabs.getByRole('tab', { name: 'Accepted' }));
    await waitFor(() => expect(queries.at(-1)?.get('filter')).toBe('accepted'));
    expect(queries.at(-1)?.get('sort')).toBe('price_low');
  });

  it('says so when no application came in yet', async () => {
    mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      'GET /opportunities/10/applications': page([]),
    });
    renderAt('/publish-opportunity/10/applications');
    expect(await screen.findByText("You haven't received any application yet!")).toBeVisible();
  });

  it('approves an application after saying its price is held from the wallet', async () => {
    let answered = false;
    const calls = mockApi({
      'GET /opportunities/10': () => ({
        body: { data: makeOpportunity({ spots_taken: answered ? 1 : 0 }) },
      }),
      'GET /opportunities/10/applications': () =>
        page([
          answered ? makeApplication({ state: 'accepted', label: 'accepted' }) : makeApplication(),
        ]),
      [`GET ${approvalPath(501)}`]: approvalQuote(200_000),
      [`POST ${decisionPath(501)}`]: () => {
        answered = true;
        return { body: { data: makeApplication({ state: 'accepted', label: 'accepted' }) } };
      },
    });
    renderAt('/publish-opportunity/10/applications');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Approve the application of sami.creates' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve this application?' });
    expect(dialog).toHaveTextContent(
      "You accept sami.creates at \u206680.000 TND\u2069. This takes one spot, and the price is held from your wallet for this creator's video.",
    );
    // The price and the wallet, read when the dialog opens: the wallet covers it.
    expect(
      await within(dialog).findByRole('row', { name: 'Available in your wallet 200.000 TND' }),
    ).toBeVisible();
    expect(within(dialog).getByRole('row', { name: "Creator's price 80.000 TND" })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: /by card/ })).toBeNull();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Approve and hold the price' }),
    );
    expect(await screen.findByText(opportunityMessages.applicationApproved)).toBeVisible();
    expect(posted(calls, decisionPath(501)).map((call) => call.body)).toEqual([
      { decision: 'accept' },
    ]);
    // The card and the spots read again: accepted, one spot taken; no answer left to give.
    const card = await screen.findByRole('article', { name: 'sami.creates' });
    await waitFor(() => expect(within(card).getByText('Accepted')).toBeVisible());
    expect(within(card).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(await screen.findByText('1 taken, 2 left')).toBeVisible();
    // One spot taken: the opportunity may stop its applications, no longer be closed.
    expect(screen.getByRole('button', { name: 'Stop applications' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Close the opportunity' })).toBeNull();
  });

  it('says what the wallet is missing, and pays it by card to approve (or tops up)', async () => {
    const calls = mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      'GET /opportunities/10/applications': page([makeApplication()]),
      [`GET ${approvalPath(501)}`]: approvalQuote(30_000),
      [`POST ${approvalPath(501)}`]: {
        body: {
          data: { payment_id: 9, payment_url: '/sandbox/konnect/pay/abc', amount: 50_000 },
        },
      },
    });
    renderAt('/publish-opportunity/10/applications');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Approve the application of sami.creates' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve this application?' });
    expect(
      await within(dialog).findByRole('row', { name: 'Available in your wallet 30.000 TND' }),
    ).toBeVisible();
    expect(within(dialog).getByRole('row', { name: 'Missing 50.000 TND' })).toBeVisible();
    expect(dialog).toHaveTextContent(
      'Your wallet does not cover this price: \u206650.000 TND\u2069 is missing. Pay it by card and the application is approved as soon as the payment is confirmed, or top up your wallet first.',
    );
    expect(within(dialog).getByRole('link', { name: 'Top up my wallet' })).toHaveAttribute(
      'href',
      '/track-payments/my-wallet',
    );
    // Approving from the wallet is not offered: it would be refused.
    expect(within(dialog).queryByRole('button', { name: 'Approve and hold the price' })).toBeNull();
    const pay = within(dialog).getByRole('button', {
      name: 'Pay \u206650.000 TND\u2069 by card and approve',
    });
    // A quick double click (here from the keyboard) is one payment, with an Idempotency-Key.
    pay.focus();
    await userEvent.keyboard('{Enter}{Enter}');
    await waitFor(() => expect(goToPaymentPage).toHaveBeenCalledWith('/sandbox/konnect/pay/abc'));
    const posts = posted(calls, approvalPath(501));
    expect(posts).toHaveLength(1);
    expect(posts[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posted(calls, decisionPath(501))).toEqual([]);
  });

  it('reads the wallet again when it no longer covers the price at approval', async () => {
    let available = 200_000;
    mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      'GET /opportunities/10/applications': page([makeApplication()]),
      [`GET ${approvalPath(501)}`]: () => approvalQuote(available),
      [`POST ${decisionPath(501)}`]: () => {
        available = 20_000;
        return {
          status: 409,
          body: { error: { code: 'INSUFFICIENT_FUNDS', message: 'Not enough money' } },
        };
      },
    });
    renderAt('/publish-opportunity/10/applications');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Approve the application of sami.creates' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve this application?' });
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Approve and hold the price' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your wallet does not hold enough available money for this payment.',
    );
    expect(
      await within(dialog).findByRole('button', {
        name: 'Pay \u206660.000 TND\u2069 by card and approve',
      }),
    ).toBeVisible();
    expect(screen.queryByText(opportunityMessages.applicationApproved)).toBeNull();
  });

  it('debriefs an application once, with what to change', async () => {
    const calls = mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      'GET /opportunities/10/applications': page([
        makeApplication(),
        { ...secondApplication, debriefs_used: 1 },
      ]),
      [`POST ${decisionPath(501)}`]: {
        body: { data: makeApplication({ state: 'debriefed', label: 'debriefed' }) },
      },
    });
    renderAt('/publish-opportunity/10/applications');
    const lina = await screen.findByRole('article', { name: 'lina.films' });
    expect(within(lina).queryByRole('button', { name: /Debrief/ })).toBeNull();
    expect(lina).toHaveTextContent('You already debriefed this application once.');

    await userEvent.click(
      screen.getByRole('button', { name: 'Debrief the application of sami.creates' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ask for another price or pitch?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the debrief' }));
    expect(within(dialog).getByText('Give a reason.')).toBeVisible();
    expect(posted(calls, decisionPath(501))).toEqual([]);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'What should they change?' }),
      '  A lower price, please.  ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the debrief' }));
    expect(await screen.findByText(opportunityMessages.applicationDebriefed)).toBeVisible();
    expect(posted(calls, decisionPath(501)).map((call) => call.body)).toEqual([
      { decision: 'debrief', reason: 'A lower price, please.' },
    ]);
  });

  it('declines an application with a reason', async () => {
    const declined = {
      ...secondApplication,
      state: 'declined',
      label: 'declined',
      reason: 'Too far',
    };
    let answered = false;
    const calls = mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      // Read again after the answer: the declined card has no answer left to give, and the
      // toast still says it was declined.
      'GET /opportunities/10/applications': () =>
        page([makeApplication(), answered ? declined : secondApplication]),
      [`POST ${decisionPath(502)}`]: () => {
        answered = true;
        return { body: { data: declined } };
      },
    });
    renderAt('/publish-opportunity/10/applications');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Decline the application of lina.films' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Decline this application?' });
    expect(dialog).toHaveTextContent('lina.films is told your reason. This cannot be undone.');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Why do you decline it?' }),
      'Too far',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline the application' }));
    expect(await screen.findByText(opportunityMessages.applicationDeclined)).toBeVisible();
    expect(posted(calls, decisionPath(502)).map((call) => call.body)).toEqual([
      { decision: 'decline', reason: 'Too far' },
    ]);
  });

  it('shows an answered application with its state, reason and video, and no answer to give', async () => {
    mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity({ spots_taken: 1 }) } },
      'GET /opportunities/10/applications': page([
        makeApplication({
          state: 'accepted',
          label: 'accepted_and_approved',
          line: { content_request_influencer_id: 900, state: 'approved' },
        }),
        { ...secondApplication, state: 'declined', label: 'declined', reason: 'Too far' },
      ]),
    });
    renderAt('/publish-opportunity/10/applications');
    const sami = await screen.findByRole('article', { name: 'sami.creates' });
    expect(within(sami).getByText('Accepted and approved')).toBeVisible();
    expect(within(sami).getByRole('link', { name: 'Follow the video' })).toHaveAttribute(
      'href',
      '/manage-content/900',
    );
    const lina = screen.getByRole('article', { name: 'lina.films' });
    expect(lina).toHaveTextContent('Your reasonToo far');
    for (const card of [sami, lina]) {
      expect(within(card).queryByRole('button', { name: /Approve|Debrief|Decline/ })).toBeNull();
    }
  });

  it('stops the applications once a creator is accepted', async () => {
    let opportunity = makeOpportunity({ spots_taken: 1 });
    const calls = mockApi({
      'GET /opportunities/10': () => ({ body: { data: opportunity } }),
      'GET /opportunities/10/applications': page([]),
      'POST /opportunities/10/stop-applications': () => {
        opportunity = { ...opportunity, state: 'ongoing' };
        return { body: { data: opportunity } };
      },
    });
    renderAt('/publish-opportunity/10/applications');
    expect(await screen.findByText('1 taken, 2 left')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Close the opportunity' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Stop applications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop the applications?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop applications' }));
    expect(await screen.findByText('Applications are stopped.')).toBeVisible();
    expect(posted(calls, '/opportunities/10/stop-applications')).toHaveLength(1);
    expect(await screen.findByText('Ongoing')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Stop applications' })).toBeNull();
  });

  it('closes an opportunity nobody was accepted to, with a reason', async () => {
    let opportunity = makeOpportunity({ state: 'published' });
    const calls = mockApi({
      'GET /opportunities/10': () => ({ body: { data: opportunity } }),
      'GET /opportunities/10/applications': page([]),
      'POST /opportunities/10/close': () => {
        opportunity = { ...opportunity, state: 'closed' };
        return { body: { data: opportunity } };
      },
    });
    renderAt('/publish-opportunity/10/applications');
    await userEvent.click(await screen.findByRole('button', { name: 'Close the opportunity' }));
    expect(screen.queryByRole('button', { name: 'Stop applications' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Close this opportunity?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, close it' }));
    expect(within(dialog).getByText('Give a reason.')).toBeVisible();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Why do you close it?' }),
      'The product launch moved.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, close it' }));
    expect(await screen.findByText('The opportunity is closed.')).toBeVisible();
    expect(posted(calls, '/opportunities/10/close').map((call) => call.body)).toEqual([
      { reason: 'The product launch moved.' },
    ]);
    expect(await screen.findByText('Closed')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Close the opportunity' })).toBeNull();
  });

  it('compares 2 to 4 applications side by side', async () => {
    const many = [501, 502, 503, 504, 505].map((id, index) =>
      makeApplication({
        content_opportunity_influencer_id: id,
        price: 60_000 + index * 10_000,
        creator: { influencer_id: id, name: `creator.${index + 1}` },
      }),
    );
    mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      'GET /opportunities/10/applications': page(many),
    });
    renderAt('/publish-opportunity/10/applications');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Compare creator.1' }));
    expect(screen.getByText('1 of 4 selected')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Compare side by side' })).toBeDisabled();
    for (const index of [2, 3, 4]) {
      await userEvent.click(screen.getByRole('checkbox', { name: `Compare creator.${index}` }));
    }
    expect(screen.getByText('4 of 4 selected')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Compare creator.5' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare creator.4' }));

    await userEvent.click(screen.getByRole('button', { name: 'Compare side by side' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare applications' });
    const table = within(dialog).getByRole('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers).toHaveLength(4);
    ['Creator', 'creator.1', 'creator.2', 'creator.3'].forEach((name, index) =>
      expect(headers[index]).toHaveAccessibleName(name),
    );
    const priceRow = within(table).getByRole('row', { name: /^Price/ });
    expect(
      within(priceRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['60.000 TND', '70.000 TND', '80.000 TND']);
    expect(
      within(table).getByRole('rowheader', { name: 'Which city do you film in?' }),
    ).toBeVisible();
  });

  it('compares fact by fact on a phone', async () => {
    stubPhoneScreen();
    mockApi({
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
      'GET /opportunities/10/applications': page([makeApplication(), secondApplication]),
    });
    renderAt('/publish-opportunity/10/applications');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Compare sami.creates' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare lina.films' }));
    await userEvent.click(screen.getByRole('button', { name: 'Compare side by side' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare applications' });
    expect(within(dialog).queryByRole('table')).toBeNull();
    const price = within(dialog).getByRole('heading', { name: 'Price' }).closest('section')!;
    expect(price).toHaveTextContent('sami.creates80.000 TNDlina.films110.000 TND');
  });
});

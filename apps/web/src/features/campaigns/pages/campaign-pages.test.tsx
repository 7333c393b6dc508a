import type { Campaign, CampaignDetail } from '@clipmarket/contracts/campaigns';
import { requestToday } from '@clipmarket/contracts/request-dates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import {
  makeMe,
  mockApi,
  renderRoutes,
  renderWithProviders,
  signIn,
} from '../../../app/test-utils';
import { captureDownloads } from '../../../test/downloads';
import { TestRouter } from '../../../test/router';
import CampaignListPage from './campaign-list-page';
import CampaignPage from './campaign-page';

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/campaign">
          <CampaignListPage />
        </Route>
        <Route path="/campaign/:campaign_id">
          <CampaignPage />
        </Route>
      </Switch>
    </TestRouter>,
  );
}

const ramadan: Campaign = {
  campaign_id: 7,
  name: 'Ramadan 2027',
  goal: 'brand-awareness',
  visibility: 'private',
  starts_on: '2027-02-08',
  ends_on: '2027-03-09',
  target_url: 'https://jasmin.tn/ramadan',
  phase: 'upcoming',
  money: { budget: 2_000_000, spent: 61_024, committed: 240_000 },
  counts: { content_requests: 1, opportunities: 1, deliveries: 2, published: 1 },
  created_at: '2026-11-20T10:00:00.000Z',
};

const detail: CampaignDetail = {
  ...ramadan,
  items: [
    {
      kind: 'content-request',
      id: 10,
      reference: 'CR-000010',
      title: 'Iftar table',
      status: 'sent',
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
  deliveries: [
    {
      content_request_influencer_id: 31,
      kind: 'content-request',
      reference: 'CR-000010-1',
      title: 'Iftar table',
      creator_name: 'Salma Ben Ali',
      state: 'completed',
      price: 120_000,
      published_links: 1,
    },
  ],
};

describe('Campaigns', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each campaign with its goal, phase, dates, money and counts', async () => {
    mockApi({ 'GET /campaigns': { body: { data: [ramadan], next_before: null } } });
    renderAt('/campaign');
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'Ramadan 2027' })).toHaveAttribute(
      'href',
      '/campaign/7',
    );
    expect(card).toHaveTextContent('Upcoming');
    expect(card).toHaveTextContent('Brand awareness');
    expect(card).toHaveTextContent('Private: I select the creators');
    expect(card).toHaveTextContent('8 Feb 2027 – 9 Mar 2027');
    expect(card).toHaveTextContent('Budget2,000.000 TND');
    expect(card).toHaveTextContent('Spent61.024 TND');
    expect(card).toHaveTextContent('Committed240.000 TND');
    expect(card).toHaveTextContent('Requests: 1 · Opportunities: 1 · Deliveries: 2 · Published: 1');
  });

  it('says what a campaign is for when there is none, and creates one after checking it', async () => {
    const calls = mockApi({
      'GET /campaigns': { body: { data: [], next_before: null } },
      'POST /campaigns': { status: 201, body: { data: { ...detail, items: [], deliveries: [] } } },
      'GET /campaigns/7': { body: { data: detail } },
    });
    const user = userEvent.setup();
    renderAt('/campaign');
    expect(await screen.findByRole('heading', { name: 'No campaign yet' })).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'New campaign' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    expect(within(dialog).getByLabelText(/Start date/)).toHaveValue(requestToday());

    await user.click(within(dialog).getByRole('button', { name: 'Create the campaign' }));
    expect(within(dialog).getAllByText('This field is required.').length).toBeGreaterThan(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Name/), 'Ramadan 2027');
    await user.click(within(dialog).getAllByLabelText(/^Goal/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Brand awareness' }));
    await user.clear(within(dialog).getByLabelText(/Start date/));
    await user.type(within(dialog).getByLabelText(/Start date/), '2027-03-10');
    await user.type(within(dialog).getByLabelText(/End date/), '2027-02-08');
    await user.type(within(dialog).getByLabelText(/Budget/), '2000');
    await user.type(within(dialog).getByLabelText(/Landing page/), 'http://jasmin.tn');
    await user.click(within(dialog).getByRole('button', { name: 'Create the campaign' }));
    expect(
      within(dialog).getByText('The end date must be on or after the start date.'),
    ).toBeVisible();
    expect(within(dialog).getByText(/Give a valid https link/)).toBeVisible();

    await user.clear(within(dialog).getByLabelText(/Start date/));
    await user.type(within(dialog).getByLabelText(/Start date/), '2027-02-08');
    await user.clear(within(dialog).getByLabelText(/End date/));
    await user.type(within(dialog).getByLabelText(/End date/), '2027-03-09');
    await user.clear(within(dialog).getByLabelText(/Landing page/));
    await user.type(within(dialog).getByLabelText(/Landing page/), 'jasmin.tn/ramadan');
    await user.click(within(dialog).getByRole('button', { name: 'Create the campaign' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Ramadan 2027',
      goal: 'brand-awareness',
      visibility: 'private',
      starts_on: '2027-02-08',
      ends_on: '2027-03-09',
      budget: 2_000_000,
      target_url: 'jasmin.tn/ramadan',
    });
  });

  it('shows a campaign’s requests and deliveries, and adds or removes one', async () => {
    const calls = mockApi({
      'GET /campaigns/7': { body: { data: detail } },
      'GET /campaigns/7/attachable': {
        body: {
          data: [
            {
              kind: 'opportunity',
              id: 4,
              reference: 'OP-000004',
              title: 'Recipes',
              status: 'live',
              created_at: '2026-11-21T10:00:00.000Z',
              campaign_id: 3,
              campaign_name: 'Spring',
            },
          ],
        },
      },
      'POST /campaigns/7/items': { body: { data: detail } },
      'DELETE /campaigns/7/items/content-request/10': {
        body: { data: { ...detail, items: [], deliveries: [] } },
      },
    });
    const user = userEvent.setup();
    renderAt('/campaign/7');
    expect(await screen.findByRole('heading', { name: 'Ramadan 2027', level: 1 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Performance' })).toHaveAttribute(
      'href',
      '/campaign/7/performance-mixed',
    );
    const items = within(screen.getByRole('region', { name: 'Requests and opportunities' }));
    // New ones are created in the campaign; a private one leads with requests.
    expect(items.getByRole('link', { name: 'New request' })).toHaveAttribute(
      'href',
      '/request-content/add?campaign=7',
    );
    expect(items.getByRole('link', { name: 'New opportunity' })).toHaveAttribute(
      'href',
      '/publish-opportunity/add?campaign=7',
    );
    expect(items.getByRole('link', { name: 'CR-000010' })).toHaveAttribute(
      'href',
      '/request-content/10',
    );
    expect(items.getByRole('row', { name: /Iftar table/ })).toHaveTextContent('Content request');
    const deliveries = within(screen.getByRole('region', { name: 'Deliveries' }));
    const line = deliveries.getByRole('row', { name: /Salma Ben Ali/ });
    expect(line).toHaveTextContent('Completed');
    expect(line).toHaveTextContent('120.000 TND');
    expect(line).toHaveTextContent('Yes');
    expect(deliveries.getByRole('link', { name: 'CR-000010-1' })).toHaveAttribute(
      'href',
      '/manage-content/31',
    );

    await user.click(screen.getByRole('button', { name: 'Add a request or an opportunity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to the campaign' });
    expect(await within(dialog).findByText('Now in "Spring": it will move here.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Add OP-000004 to the campaign' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        kind: 'opportunity',
        id: 4,
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: 'Remove CR-000010 from the campaign' }));
    expect(
      await screen.findByText(
        'Nothing in this campaign yet: add one of your requests or opportunities.',
      ),
    ).toBeVisible();
  });

  it('shows the not-found page for a campaign that is not the advertiser’s', async () => {
    mockApi({
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
      'GET /request/get_twinkling/list': { body: { data: {} } },
    });
    renderRoutes(createRoutes(), '/campaign/99');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('saves its tables as CSV and its PDF report in the language chosen', async () => {
    mockApi({
      'GET /campaigns/7': { body: { data: detail } },
      'GET /campaigns/7/report.pdf': { body: {} },
    });
    const downloads = captureDownloads();
    try {
      const user = userEvent.setup();
      renderAt('/campaign/7');
      await user.click(
        await screen.findByRole('button', {
          name: 'Download CSV of the requests and opportunities table',
        }),
      );
      await user.click(
        screen.getByRole('button', { name: 'Download CSV of the deliveries table' }),
      );
      expect(downloads.saved.map((file) => file.filename)).toEqual([
        'campaign-7-items.csv',
        'campaign-7-deliveries.csv',
      ]);
      expect((await downloads.textOf(downloads.saved[0]!.blob)).split('\r\n')).toEqual([
        '\uFEFFReference,Title,Kind,Status',
        'CR-000010,Iftar table,Content request,Sent',
        '',
      ]);
      // The price in dinars with three decimals, as a spreadsheet computes with it.
      expect((await downloads.textOf(downloads.saved[1]!.blob)).split('\r\n')).toEqual([
        '\uFEFFReference,Creator,Title,State,Price (TND),Published',
        'CR-000010-1,Salma Ben Ali,Iftar table,Completed,120.000,Yes',
        '',
      ]);

      // The report in the reader's language unless another is chosen beside the button.
      const language = screen.getByRole('combobox', { name: 'Language of the PDF report' });
      expect(language).toHaveValue('en');
      await user.selectOptions(language, 'fr');
      await user.click(screen.getByRole('button', { name: 'Download PDF report' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(3));
      expect(downloads.saved[2]!.filename).toBe('campaign-7-report-fr.pdf');
      const pdfCall = vi
        .mocked(fetch)
        .mock.calls.map(([input, init]) => ({ url: String(input), init }))
        .find((call) => call.url.includes('/report.pdf'));
      expect(pdfCall?.url).toBe('/v2/campaigns/7/report.pdf?language=fr');
      expect((pdfCall?.init?.headers as Record<string, string>).authorization).toBe(
        'Bearer test.access.token',
      );
    } finally {
      downloads.restore();
    }
  });
});

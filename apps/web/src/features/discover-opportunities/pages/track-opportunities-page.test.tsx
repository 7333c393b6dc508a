import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { makeApplication, makeCard } from '../test-data';
import ApplicationPage from './application-page';
import TrackOpportunitiesPage from './track-opportunities-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

function renderAt(path: string) {
  return renderRoutes(
    pagesOnly({
      '/track-opportunities': TrackOpportunitiesPage,
      '/track-opportunities/:content_opportunity_influencer_id': ApplicationPage,
    }),
    path,
  );
}

const posts = (calls: ApiCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

const accepted = makeApplication({
  content_opportunity_influencer_id: 502,
  state: 'accepted',
  label: 'accepted_and_approved',
  price: 250_000,
  line: { content_request_influencer_id: 77, state: 'approved', funds_secured: true },
  opportunity: makeCard({ content_opportunity_id: 11, title: 'Winter coats' }),
});

describe('Track Opportunities', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the applications with their state, price, date and held funds, and loads more', async () => {
    let served = 0;
    const queries: (string | null)[] = [];
    mockApi({
      'GET /my-applications': () => {
        served += 1;
        return served === 1
          ? { body: { data: [makeApplication(), accepted], next_before: 502 } }
          : {
              body: {
                data: [
                  makeApplication({
                    content_opportunity_influencer_id: 400,
                    state: 'declined',
                    label: 'declined',
                    opportunity: makeCard({ content_opportunity_id: 9, title: 'Old brief' }),
                  }),
                ],
                next_before: null,
              },
            };
      },
    });
    const mocked = vi.mocked(fetch);
    const original = mocked.getMockImplementation()!;
    mocked.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/my-applications')) queries.push(url.searchParams.get('before'));
      return original(input, init);
    });
    renderAt('/track-opportunities');
    expect(screen.getByRole('heading', { level: 1, name: 'Track Opportunities' })).toBeVisible();

    const first = await screen.findByRole('article', { name: 'Citrus fizz summer launch' });
    expect(within(first).getByText('Under review')).toBeVisible();
    expect(first).toHaveTextContent('OP-000010');
    expect(first).toHaveTextContent('Your price150.000 TND');
    expect(first).toHaveTextContent('Applied on22 Nov 2026');
    expect(within(first).queryByText('Funds secured')).toBeNull();
    expect(within(first).getByRole('link', { name: 'Citrus fizz summer launch' })).toHaveAttribute(
      'href',
      '/track-opportunities/501',
    );
    const second = screen.getByRole('article', { name: 'Winter coats' });
    expect(within(second).getByText('Accepted and approved')).toBeVisible();
    expect(within(second).getByText('Funds secured')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Show more applications' }));
    expect(await screen.findByRole('article', { name: 'Old brief' })).toHaveTextContent('Declined');
    expect(queries).toEqual([null, '502']);
  });

  it('says when there is no application yet', async () => {
    mockApi({ 'GET /my-applications': { body: { data: [], next_before: null } } });
    renderAt('/track-opportunities');
    expect(await screen.findByText('No application yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Discover opportunities' })).toHaveAttribute(
      'href',
      '/discover-opportunities',
    );
  });
});

describe('One application', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('shows what was sent, with the questions, and withdraws it after a confirmation', async () => {
    const calls = mockApi({
      'GET /my-applications/501': { body: { data: makeApplication() } },
      'GET /discover-opportunities/10': {
        body: {
          data: {
            ...makeCard(),
            brief: '',
            checklist: [],
            screening_questions: ['Which beach?', 'A drone?'],
            attachment_file_id: null,
            product_image_file_ids: [],
          },
        },
      },
      'POST /my-applications/501/withdraw': {
        body: { data: makeApplication({ state: 'withdrawn', label: 'withdrawn' }) },
      },
    });
    renderAt('/track-opportunities/501');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Citrus fizz summer launch' }),
    ).toBeVisible();
    const sent = screen.getByRole('region', { name: 'Your application' });
    expect(sent).toHaveTextContent('I film drinks at the beach every summer.');
    expect(await within(sent).findByText('Which beach?')).toBeVisible();
    expect(within(sent).getByText('La Marsa')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Revise your application' })).toBeNull();

    await userEvent.click(within(sent).getByRole('button', { name: 'Withdraw my application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this application?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(posts(calls, '/my-applications/501/withdraw')).toHaveLength(0);

    await userEvent.click(within(sent).getByRole('button', { name: 'Withdraw my application' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw this application?' })).getByRole(
        'button',
        { name: 'Withdraw' },
      ),
    );
    expect(await screen.findByText('Your application is withdrawn.')).toBeVisible();
    expect(posts(calls, '/my-applications/501/withdraw')).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Your application' })).getByText('Withdrawn'),
      ).toBeVisible(),
    );
    expect(screen.queryByRole('button', { name: 'Withdraw my application' })).toBeNull();
  });

  it("after a debrief, shows the advertiser's reason and sends a revision", async () => {
    const debriefed = makeApplication({
      state: 'debriefed',
      label: 'debriefed',
      reason: 'Your price is above our budget.',
    });
    const calls = mockApi({
      'GET /my-applications/501': { body: { data: debriefed } },
      'POST /my-applications/501/revision': {
        body: { data: makeApplication({ price: 120_000, pitch: 'Cheaper, same joy.' }) },
      },
    });
    renderAt('/track-opportunities/501');
    expect(await screen.findByText('Your price is above our budget.')).toBeVisible();
    expect(screen.getByText("The advertiser's reason")).toBeVisible();
    const revision = screen.getByRole('region', { name: 'Revise your application' });
    const price = within(revision).getByRole('textbox', { name: 'Your price' });
    expect(price).toHaveValue('150');
    await userEvent.clear(price);
    await userEvent.type(price, '120');
    const pitch = within(revision).getByLabelText(/Your pitch/);
    await userEvent.clear(pitch);
    await userEvent.click(within(revision).getByRole('button', { name: 'Send the revision' }));
    expect(within(revision).getByText('Tell the advertiser why you fit.')).toBeVisible();
    expect(posts(calls, '/my-applications/501/revision')).toHaveLength(0);

    await userEvent.type(pitch, 'Cheaper, same joy.');
    await userEvent.click(within(revision).getByRole('button', { name: 'Send the revision' }));
    expect(await screen.findByText('Your revised application is sent.')).toBeVisible();
    expect(posts(calls, '/my-applications/501/revision')[0]?.body).toEqual({
      price: 120_000,
      pitch: 'Cheaper, same joy.',
    });
    // Back under review: no revision form, no reason.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Revise your application' })).toBeNull(),
    );
  });

  it('once accepted, leads to the delivery of its line, funds secured', async () => {
    mockApi({ 'GET /my-applications/502': { body: { data: accepted } } });
    renderAt('/track-opportunities/502');
    expect(await screen.findByRole('link', { name: 'Go to the delivery' })).toHaveAttribute(
      'href',
      '/track-content/77',
    );
    expect(screen.getAllByText('Funds secured')[0]).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Withdraw my application' })).toBeNull();
  });

  it('says when the application cannot be read', async () => {
    mockApi({});
    renderAt('/track-opportunities/999');
    expect(await screen.findByText(/We could not load this application\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to my applications' })).toHaveAttribute(
      'href',
      '/track-opportunities',
    );
  });
});

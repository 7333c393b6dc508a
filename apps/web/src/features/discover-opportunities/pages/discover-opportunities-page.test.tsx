import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { makeCard } from '../test-data';
import DiscoverOpportunitiesPage from './discover-opportunities-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

function renderAt(path: string) {
  return renderRoutes(pagesOnly({ '/discover-opportunities': DiscoverOpportunitiesPage }), path);
}

/** Records each list call's query (mockApi matches paths without it). */
function listQueries() {
  const queries: URLSearchParams[] = [];
  const mocked = vi.mocked(fetch);
  const original = mocked.getMockImplementation()!;
  mocked.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/discover-opportunities')) queries.push(url.searchParams);
    return original(input, init);
  });
  return queries;
}

const reference = {
  'GET /category/find': { body: { data: [{ category_id: 3, label: 'Food' }] } },
  'GET /country/find': { body: { data: [{ value: 'TN', label: 'Tunisia', icon: '🇹🇳' }] } },
  'GET /country/states/TN': {
    body: {
      data: [
        { name: 'Tunis', isoCode: '11' },
        { name: 'Sfax', isoCode: '61' },
      ],
    },
  },
  'GET /request/get_twinkling/list': { body: { data: {} } },
};

describe('Discover Opportunities', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('shows each opportunity as a card with the spec §3 fields', async () => {
    mockApi({
      ...reference,
      'GET /discover-opportunities': {
        body: {
          data: [
            makeCard(),
            makeCard({
              content_opportunity_id: 11,
              reference: 'OP-000011',
              title: 'Winter coats',
              advertiser: { user_id: 42, name: 'Coats & Co', median_answer_hours: 60 },
              application: {
                content_opportunity_influencer_id: 501,
                state: 'submitted',
                label: 'under_review',
                created_at: '2026-11-22T09:00:00.000Z',
              },
            }),
            makeCard({
              content_opportunity_id: 12,
              title: 'Quiet advertiser',
              advertiser: { user_id: 43, name: 'Silent', median_answer_hours: null },
            }),
          ],
          next_cursor: null,
        },
      },
    });
    renderAt('/discover-opportunities');
    expect(screen.getByRole('heading', { level: 1, name: 'Discover Opportunities' })).toBeVisible();

    const card = await screen.findByRole('article', { name: 'Citrus fizz summer launch' });
    expect(card).toHaveTextContent('Opportunity OP-000010 · By Délice Danone');
    expect(card).toHaveTextContent('Usually answers within 5 hours');
    expect(within(card).getByText('Published')).toBeVisible();
    const facts = (label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(facts('Price per video')).toBe('100.000 TND – 300.000 TND');
    expect(facts('Spots left')).toBe('3');
    expect(facts('Content type')).toBe('Product demo');
    expect(facts('Video length')).toBe('30 s');
    expect(facts('Format')).toBe('Portrait (9:16)');
    expect(facts('Published on')).toBe('Instagram, TikTok');
    expect(facts('Accounts required')).toBe('Instagram');
    expect(facts('Apply by')).toBe('10 Dec 2026');
    expect(facts('Delivery deadline')).toMatch(/20 Dec 2026.*12:30/);
    expect(facts('Publishing deadline')).toBe('24 Dec 2026');
    expect(
      within(card).getByRole('link', { name: 'Learn more about Citrus fizz summer launch' }),
    ).toHaveAttribute('href', '/discover-opportunities/10/learn-more');
    expect(within(card).getByRole('link', { name: 'Citrus fizz summer launch' })).toHaveAttribute(
      'href',
      '/discover-opportunities/10/details',
    );

    const applied = screen.getByRole('article', { name: 'Winter coats' });
    expect(applied).toHaveTextContent('Usually answers within 3 days');
    expect(within(applied).getByText('Under review')).toBeVisible();
    expect(applied).toHaveTextContent('You applied on 22 Nov 2026');
    expect(
      within(applied).getByRole('link', { name: 'My application to Winter coats' }),
    ).toHaveAttribute('href', '/track-opportunities/501');

    // No answer time yet: nothing is said.
    expect(screen.getByRole('article', { name: 'Quiet advertiser' })).not.toHaveTextContent(
      'Usually answers',
    );
  });

  it('sorts by best paid, kept in the address', async () => {
    mockApi({
      ...reference,
      'GET /discover-opportunities': { body: { data: [makeCard()], next_cursor: null } },
    });
    const queries = listQueries();
    const { location } = renderAt('/discover-opportunities');
    await screen.findByRole('article', { name: 'Citrus fizz summer launch' });
    expect(queries[0]?.get('sort')).toBe('newest');
    await userEvent.click(screen.getByRole('radio', { name: 'Best paid' }));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('best_paid'));
    expect(location.search).toBe('?sort=best_paid');
  });

  it('filters from the address, checks the price band, applies and resets', async () => {
    mockApi({
      ...reference,
      'GET /discover-opportunities': { body: { data: [], next_cursor: null } },
    });
    const queries = listQueries();
    const { location } = renderAt(
      '/discover-opportunities?category_ids=3&country=TN&cities=Tunis&min_price=100000',
    );
    // What the address holds is what the list asks for.
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    expect(Object.fromEntries(queries[0]!)).toEqual({
      category_ids: '3',
      country: 'TN',
      cities: 'Tunis',
      min_price: '100000',
      sort: 'newest',
      limit: '20',
    });
    expect(
      await screen.findByText('No opportunity matches these filters. Widen them or reset them.'),
    ).toBeVisible();

    // Closed on a narrow screen: its button opens it and says how many filters are set.
    const toggle = screen.getByRole('button', { name: /Filters/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(toggle).getByLabelText('4 filters set')).toBeInTheDocument();
    await userEvent.click(toggle);
    const form = screen.getByRole('search', { name: 'Filter the opportunities' });
    expect(within(form).getByLabelText('Minimum price (TND)')).toHaveValue('100');

    await userEvent.type(within(form).getByLabelText('Maximum price (TND)'), '50');
    await userEvent.type(within(form).getByLabelText('Apply from'), '2026-12-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Apply filters' }));
    expect(within(form).getByText('The maximum price is at least the minimum.')).toBeVisible();
    expect(location.search).not.toContain('max_price');

    await userEvent.clear(within(form).getByLabelText('Maximum price (TND)'));
    await userEvent.type(within(form).getByLabelText('Maximum price (TND)'), '500');
    await userEvent.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(queries.at(-1)?.get('max_price')).toBe('500000'));
    expect(queries.at(-1)?.get('start_date')).toBe('2026-12-01');
    expect(location.search).toBe(
      '?category_ids=3&country=TN&cities=Tunis&start_date=2026-12-01&min_price=100000&max_price=500000',
    );

    await userEvent.click(
      within(screen.getByRole('search')).getByRole('button', { name: 'Reset all filters' }),
    );
    await waitFor(() => expect(location.search).toBe(''));
    expect(
      await screen.findByText(
        'When an advertiser publishes a brief that matches your profile, it shows here.',
      ),
    ).toBeVisible();
  });

  it('loads more with the cursor', async () => {
    let served = 0;
    mockApi({
      ...reference,
      'GET /discover-opportunities': () => {
        served += 1;
        return {
          body: {
            data: [makeCard({ content_opportunity_id: 100 - served, title: `Brief ${served}` })],
            next_cursor: served === 1 ? '250000:99' : null,
          },
        };
      },
    });
    const queries = listQueries();
    renderAt('/discover-opportunities');
    await screen.findByRole('article', { name: 'Brief 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Show more opportunities' }));
    await screen.findByRole('article', { name: 'Brief 2' });
    expect(queries.at(-1)?.get('cursor')).toBe('250000:99');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more opportunities' })).toBeNull();
  });
});

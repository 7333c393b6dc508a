import type { SharedCampaign } from '@clipmarket/contracts/campaign-sharing';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBareRoutes } from '../../../app/routes';
import { mockApi, renderRoutes } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';

const TOKEN = 'demo-ramadan-2027-shared-performance-report';
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const report: SharedCampaign = {
  campaign: {
    name: 'Ramadan 2027',
    brand_name: 'Délice Tunisie',
    goal: 'brand-awareness',
    starts_on: '2027-02-08',
    ends_on: '2027-03-09',
    phase: 'running',
  },
  totals: {
    views: 6668,
    reach: 3903,
    likes: 208,
    comments: 23,
    shares: 13,
    saves: 9,
    engagements: 253,
    engagement_rate_bp: 379,
    clicks: 42,
    views_7d: 3331,
    published: 1,
    with_figures: 1,
    sources: ['instagram_api', 'creator'],
    newest_read_at: hoursAgo(3),
    oldest_read_at: hoursAgo(20),
    unchecked: 0,
  },
  series: [
    { window: '24h', views: 1200, engagements: 80, videos: 1 },
    { window: '72h', views: 2100, engagements: 120, videos: 1 },
    { window: '7d', views: 3331, engagements: 151, videos: 1 },
    { window: '30d', views: null, engagements: null, videos: 0 },
  ],
  videos: [
    {
      creator_name: 'salma.cooks',
      platforms: ['instagram', 'tiktok'],
      publications: [
        {
          platform: 'instagram',
          url: 'https://www.instagram.com/p/abc/',
          latest: {
            source: 'instagram_api',
            read_at: hoursAgo(3),
            checked: null,
            post_deleted: false,
            views: 4441,
            reach: 3903,
            likes: 131,
            comments: 23,
            shares: 13,
            saves: 9,
            engagements: 176,
          },
          at_7d: {
            source: 'instagram_api',
            read_at: hoursAgo(30),
            checked: null,
            post_deleted: false,
            views: 3331,
            reach: null,
            likes: 111,
            comments: 22,
            shares: 11,
            saves: 7,
            engagements: 151,
          },
        },
        {
          platform: 'tiktok',
          url: 'https://www.tiktok.com/@salma/video/7000',
          latest: {
            source: 'creator',
            read_at: hoursAgo(20),
            checked: true,
            post_deleted: false,
            views: 2227,
            reach: null,
            likes: 77,
            comments: null,
            shares: null,
            saves: null,
            engagements: 77,
          },
          at_7d: null,
        },
      ],
      views: 6668,
      reach: 3903,
      likes: 208,
      comments: 23,
      shares: 13,
      saves: 9,
      engagements: 253,
      engagement_rate_bp: 379,
      clicks: 42,
      views_7d: 3331,
    },
  ],
};

function renderReport(token = TOKEN) {
  return renderRoutes({ bare: createBareRoutes(), shell: [] }, `/campaigns/${token}`);
}

describe('the shared campaign report', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the figures with their sources, and no money, to a visitor without an account', async () => {
    const calls = mockApi({ [`GET /shared-campaigns/${TOKEN}`]: { body: { data: report } } });
    renderReport();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ramadan 2027' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Shared by \u2068Délice Tunisie\u2069')).toBeInTheDocument();
    expect(screen.getByText('Goal: Brand awareness')).toBeInTheDocument();
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.getByText('8 Feb 2027 – 9 Mar 2027')).toBeInTheDocument();

    const cards = within(screen.getByRole('list'));
    const card = (name: string) =>
      cards.getByRole('heading', { level: 3, name }).closest('[role="listitem"]')!;
    expect(card('Views')).toHaveTextContent('6,668');
    expect(card('Engagements')).toHaveTextContent('253');
    expect(card('Engagement rate')).toHaveTextContent('3.79 %');
    expect(card('Clicks')).toHaveTextContent('42');
    expect(card('Clicks')).toHaveTextContent("People who followed the creators' tracked links");
    expect(card('Videos published')).toHaveTextContent('With figures read: 1');
    expect(
      screen.getByText(
        'Figures from Instagram API, Submitted by the creator · read between 3 hr ago and 20 hr ago',
      ),
    ).toBeInTheDocument();

    const overTime = screen.getByRole('table', { name: 'Views and engagements after publication' });
    expect(within(overTime).getByRole('row', { name: /7 days 3,331 151 1/ })).toBeInTheDocument();
    expect(within(overTime).getByRole('row', { name: /30 days Not read yet/ })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /^Views after publication/ })).toBeVisible();

    const videos = screen.getByRole('table', { name: /Each published video/ });
    const row = within(videos).getByRole('row', { name: /salma\.cooks/ });
    expect(
      within(row).getByRole('link', { name: 'Open the Instagram post (new tab)' }),
    ).toHaveAttribute('href', 'https://www.instagram.com/p/abc/');
    expect(
      within(row).getByRole('link', { name: 'Open the TikTok post (new tab)' }),
    ).toHaveAttribute('rel', 'noopener noreferrer');
    expect(row).toHaveTextContent('4,441 views · Instagram API · 3 hr ago');
    expect(row).toHaveTextContent('At 7 days: 3,331 · Instagram API · 1 day ago');
    expect(row).toHaveTextContent('2,227 views · Submitted by the creator · checked · 20 hr ago');

    // Figures only: no amount, no money column, and nothing else asked of the API.
    const page = document.body.textContent ?? '';
    expect(page).not.toMatch(/TND|Cost|CPM|Budget|Spent|per click/);
    expect(screen.getByText(/this page shows no budget, cost or amount paid/)).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /shared-campaigns/${TOKEN}`,
    ]);
    expect(calls[0]!.headers.authorization).toBeUndefined();
    // A visitor's page: the language picker, no menu, no way into the app.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('combobox', { name: /Language/ })).toBeInTheDocument();
    expect(document.title).toBe('Ramadan 2027 · Campaign report');
  });

  it('reads in Arabic, right to left, chosen with the language picker', async () => {
    mockApi({ [`GET /shared-campaigns/${TOKEN}`]: { body: { data: report } } });
    renderReport();
    await screen.findByRole('heading', { level: 1, name: 'Ramadan 2027' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Language/ }), 'tn');
    expect(await screen.findByText('شاركه \u2068Délice Tunisie\u2069')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 2, name: 'الفيديوهات' })).toBeInTheDocument();
    expect(screen.getByText('الهدف: الوعي بالعلامة')).toBeInTheDocument();
    // The rate keeps its sign after the number in Arabic text: isolated left to right.
    expect(screen.getAllByText(/^\u20663[.,]79 %\u2069$/)).toHaveLength(2);
    expect(localStorage.getItem('selectLanguage')).toBe('tn');
  });

  it.each([
    ['a revoked or unknown link', TOKEN, 404],
    ['an address that cannot be a link', 'not-a-token', null],
  ])('says plainly that %s no longer works', async (_case, token, status) => {
    const calls = mockApi({
      [`GET /shared-campaigns/${token}`]: {
        status: status ?? 404,
        body: { error: { code: 'NOT_FOUND', message: 'Shared report not found' } },
      },
    });
    renderReport(token);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This report link no longer works' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ask them for a new link/)).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(calls).toHaveLength(status === null ? 0 : 1);
  });

  it('offers to try again when the report could not be loaded', async () => {
    mockApi({
      [`GET /shared-campaigns/${TOKEN}`]: {
        status: 429,
        body: { error: { code: 'RATE_LIMITED', message: 'Too many attempts, please retry later' } },
      },
    });
    renderReport();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The report could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

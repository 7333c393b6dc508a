import type {
  PerformanceDashboard,
  PerformanceDetail,
  PerformanceTotals,
} from '@clipmarket/contracts/performance';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import { captureDownloads } from '../../../test/downloads';
import { TestRouter } from '../../../test/router';
import CampaignPerformancePage from './campaign-performance-page';
import DashboardPage from './dashboard-page';
import RequestPerformancePage from './request-performance-page';

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/dashboard">
          <DashboardPage />
        </Route>
        <Route path="/performance/content-request/:performance_id">
          <RequestPerformancePage />
        </Route>
        <Route path="/campaign/:campaign_id/performance-request">
          <CampaignPerformancePage />
        </Route>
      </Switch>
    </TestRouter>,
  );
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const totals: PerformanceTotals = {
  views: 7500,
  reach: null,
  likes: 350,
  comments: 46,
  shares: 34,
  saves: 10,
  engagements: 440,
  clicks: 4,
  views_7d: 5000,
  cpm: 25_402,
  cost_per_view: 25,
  cost_per_engagement: 433,
  engagement_rate_bp: 587,
  cpc: 47_628,
  cost: 190_512,
  videos: 3,
  published: 2,
  with_figures: 2,
  sources: ['instagram_api', 'tiktok_api', 'creator'],
  newest_read_at: hoursAgo(3),
  oldest_read_at: hoursAgo(26),
  unchecked: 1,
};

const series: PerformanceDetail['series'] = [
  { window: '24h', views: 1000, engagements: 60, videos: 1 },
  { window: '72h', views: null, engagements: null, videos: 0 },
  { window: '7d', views: 5000, engagements: 320, videos: 1 },
  { window: '30d', views: null, engagements: null, videos: 0 },
];

const requestDetail: PerformanceDetail = {
  subject: {
    kind: 'content-request',
    id: 10,
    reference: 'CR-000010',
    title: 'Iftar table',
    view: null,
  },
  headline: { goal: 'traffic', figures: ['clicks', 'cpc'] },
  totals,
  series,
  videos: [
    {
      content_request_influencer_id: 31,
      kind: 'content-request',
      reference: 'CR-000010-1',
      title: 'Iftar table',
      creator_name: 'Salma Ben Ali',
      publications: [
        {
          link_id: 1,
          platform: 'instagram',
          url: 'https://www.instagram.com/p/abc/',
          latest: {
            source: 'instagram_api',
            read_at: hoursAgo(3),
            checked: null,
            post_deleted: false,
            views: 4000,
            reach: null,
            likes: 200,
            comments: 40,
            shares: 30,
            saves: 10,
            engagements: 280,
          },
          at_7d: null,
        },
        {
          link_id: 2,
          platform: 'tiktok',
          url: 'https://www.tiktok.com/@salma/video/1',
          latest: {
            source: 'creator',
            read_at: hoursAgo(26),
            checked: false,
            post_deleted: false,
            views: 2500,
            reach: null,
            likes: 120,
            comments: 6,
            shares: 4,
            saves: null,
            engagements: 130,
          },
          at_7d: null,
        },
      ],
      cost: 160_000,
      views: 6500,
      reach: null,
      likes: 320,
      comments: 46,
      shares: 34,
      saves: 10,
      engagements: 410,
      clicks: 3,
      views_7d: null,
      cpm: 24_615,
      cost_per_view: 25,
      cost_per_engagement: 390,
      engagement_rate_bp: 631,
      cpc: 53_333,
    },
  ],
};

const dashboard: PerformanceDashboard = {
  headline: { goal: null, figures: ['views', 'cpm'] },
  totals,
  series,
  rows: [
    {
      kind: 'campaign',
      id: 7,
      reference: null,
      title: 'Ramadan 2027',
      goal: 'traffic',
      headline: ['clicks', 'cpc'],
      totals,
    },
    {
      kind: 'opportunity',
      id: 4,
      reference: 'OP-000004',
      title: 'Recipes',
      goal: null,
      headline: ['views', 'cpm'],
      totals: { ...totals, views: null, cpm: null, published: 0, videos: 0, cost: 30_512 },
    },
  ],
};

describe('Performance', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the dashboard: totals led by views, then a row per campaign or item', async () => {
    mockApi({ 'GET /performance/dashboard': { body: { data: dashboard } } });
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Performance' })).toBeVisible();
    const cards = screen.getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Views');
    expect(cards[0]).toHaveTextContent('7,500');
    expect(cards[1]).toHaveTextContent('CPM (cost per 1,000 views)');
    expect(cards[1]).toHaveTextContent('25.402 TND');
    expect(
      screen.getByText(/Figures from Instagram API, TikTok API, Submitted by the creator/),
    ).toHaveTextContent(/read between 3 hr ago and 1 day ago/);
    const rows = within(
      screen.getByRole('region', { name: 'Campaigns, requests and opportunities' }),
    );
    expect(rows.getByRole('link', { name: 'Ramadan 2027' })).toHaveAttribute(
      'href',
      '/campaign/7/performance-mixed',
    );
    const campaignRow = rows.getByRole('row', { name: /Ramadan 2027/ });
    // The campaign's goal (traffic) leads with clicks.
    expect(campaignRow).toHaveTextContent('Traffic');
    expect(campaignRow).toHaveTextContent('Clicks4');
    expect(rows.getByRole('link', { name: 'Recipes' })).toHaveAttribute(
      'href',
      '/performance/content-opportunity/4',
    );
  });

  it('says what could not be loaded, and tries again', async () => {
    let answers = 0;
    mockApi({
      'GET /performance/dashboard': () => {
        answers += 1;
        return answers === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong' } } }
          : { body: { data: dashboard } };
      },
    });
    const user = userEvent.setup();
    renderAt('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The performance could not be loaded.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Performance' })).toBeVisible();
  });

  it('says so when the advertiser has nothing sent yet', async () => {
    mockApi({
      'GET /performance/dashboard': {
        body: { data: { ...dashboard, rows: [], totals: { ...totals, published: 0 } } },
      },
    });
    renderAt('/dashboard');
    expect(await screen.findByText(/No campaign, request or opportunity sent yet/)).toBeVisible();
  });

  it("leads a request with its campaign goal's figure, and labels every figure's source", async () => {
    mockApi({ 'GET /performance/content-request/10': { body: { data: requestDetail } } });
    renderAt('/performance/content-request/10');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Performance: Iftar table' }),
    ).toBeVisible();
    const cards = screen.getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Clicks');
    expect(cards[0]).toHaveTextContent('People who followed the tracked links');
    expect(cards[1]).toHaveTextContent('Cost per click');
    expect(cards[1]).toHaveTextContent('47.628 TND');
    // The engagement rate from basis points: 587 bp = 5.87 %.
    expect(cards.find((card) => card.textContent?.includes('Engagement rate'))).toHaveTextContent(
      '5.87 %',
    );

    const videos = within(screen.getByRole('region', { name: 'Videos' }));
    const row = videos.getByRole('row', { name: /Salma Ben Ali/ });
    expect(row).toHaveTextContent('4,000 views · Instagram API · 3 hr ago');
    expect(row).toHaveTextContent(
      '2,500 views · Submitted by the creator · not checked yet · 1 day ago',
    );
    expect(row).toHaveTextContent('160.000 TND');
    expect(videos.getByRole('link', { name: 'Open the Instagram post (new tab)' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/p/abc/',
    );
  });

  it('draws the figures over time as an image with the same figures in a table beside it', async () => {
    mockApi({ 'GET /performance/content-request/10': { body: { data: requestDetail } } });
    renderAt('/performance/content-request/10');
    const table = await screen.findByRole('table', {
      name: 'Views and engagements after publication',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('24 hours1,000601');
    expect(rows[2]).toHaveTextContent('72 hoursNot read yetNot read yet0');
    expect(rows[3]).toHaveTextContent('7 days5,0003201');
    // The chart arrives in its own chunk; its name and description are what a reader hears.
    const chart = await screen.findByRole('img', { name: /^Views after publication/ });
    expect(chart).toHaveAccessibleName(
      'Views after publication 24 hours: 1,000; 72 hours: Not read yet; 7 days: 5,000; 30 days: Not read yet',
    );
    const [at24h, at7d] = [...chart.querySelectorAll('rect')].map((bar) =>
      Number(bar.getAttribute('x')),
    );
    expect(at24h).toBeLessThan(at7d!);
    expect(chart.querySelector('.visx-axis-left')).not.toBeNull();
  });

  it('says when no video is published yet, and links the campaign’s three pages', async () => {
    mockApi({
      'GET /campaigns/7/performance': {
        body: {
          data: {
            ...requestDetail,
            subject: {
              kind: 'campaign',
              id: 7,
              reference: null,
              title: 'Ramadan 2027',
              view: 'request',
            },
            totals: { ...totals, published: 0, with_figures: 0 },
            videos: [],
          },
        },
      },
    });
    renderAt('/campaign/7/performance-request');
    expect(await screen.findByText('No published video yet')).toBeVisible();
    const nav = within(screen.getByRole('navigation', { name: 'Items of the campaign' }));
    expect(nav.getByRole('link', { name: 'Requests' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Requests and opportunities' })).toHaveAttribute(
      'href',
      '/campaign/7/performance-mixed',
    );
    expect(screen.queryByRole('table', { name: /after publication/ })).toBeNull();
  });

  it('reads right to left in Arabic, with the value axis on the right', async () => {
    mockApi({ 'GET /performance/content-request/10': { body: { data: requestDetail } } });
    await act(() => i18n.changeLanguage('tn'));
    renderAt('/performance/content-request/10');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'الأداء: Iftar table' }),
    ).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('table', { name: 'المشاهدات والتفاعلات بعد النشر' })).toBeVisible();
    const chart = await screen.findByRole('img', { name: /^المشاهدات بعد النشر/ });
    // The windows run from the right, and the value axis stands on the right.
    const [at24h, at7d] = [...chart.querySelectorAll('rect')].map((bar) =>
      Number(bar.getAttribute('x')),
    );
    expect(at24h).toBeGreaterThan(at7d!);
    expect(chart.querySelector('.visx-axis-right')).not.toBeNull();
    expect(chart.querySelector('.visx-axis-left')).toBeNull();
  });

  describe('exports', () => {
    let downloads: ReturnType<typeof captureDownloads>;
    beforeEach(() => {
      downloads = captureDownloads();
    });
    afterEach(() => downloads.restore());

    it("saves the dashboard's rows as a CSV Excel reads, figures a spreadsheet computes with", async () => {
      mockApi({ 'GET /performance/dashboard': { body: { data: dashboard } } });
      const user = userEvent.setup();
      renderAt('/dashboard');
      await user.click(
        await screen.findByRole('button', {
          name: 'Download CSV of the campaigns, requests and opportunities table',
        }),
      );
      expect(downloads.saved.map((file) => file.filename)).toEqual(['dashboard.csv']);
      const { blob } = downloads.saved[0]!;
      expect(blob.type).toBe('text/csv;charset=utf-8');
      expect((await downloads.textOf(blob)).split('\r\n')).toEqual([
        '\uFEFFName,Kind,Reference,Goal,Headline figure,Headline value,Published videos,' +
          'Videos ordered,Views,Engagement rate (%),Clicks,Cost (TND),' +
          '"CPM (cost per 1,000 views) (TND)"',
        // The campaign's goal (traffic) leads with clicks; money in dinars, the rate in percent.
        'Ramadan 2027,Campaign,,Traffic,Clicks,4,2,3,7500,5.87,4,190.512,25.402',
        // Unknown figures are empty, not zero.
        'Recipes,Opportunity,OP-000004,,Views,,0,0,,5.87,4,30.512,',
        '',
      ]);
      await user.click(
        screen.getByRole('button', { name: 'Download CSV of the figures over time table' }),
      );
      expect(downloads.saved[1]!.filename).toBe('dashboard-over-time.csv');
    });

    it("saves a request's videos and its figures over time, with each figure's source", async () => {
      mockApi({ 'GET /performance/content-request/10': { body: { data: requestDetail } } });
      const user = userEvent.setup();
      renderAt('/performance/content-request/10');
      await user.click(
        await screen.findByRole('button', { name: 'Download CSV of the videos table' }),
      );
      await user.click(
        screen.getByRole('button', { name: 'Download CSV of the figures over time table' }),
      );
      expect(downloads.saved.map((file) => file.filename)).toEqual([
        'CR-000010-videos.csv',
        'CR-000010-over-time.csv',
      ]);
      const videos = (await downloads.textOf(downloads.saved[0]!.blob)).split('\r\n');
      expect(videos[0]).toBe(
        '\uFEFFReference,Creator,Title,Platforms,Post links,Sources,Figures read at,Views,' +
          'Views at 7 days,Engagements,Engagement rate (%),Clicks,Cost (TND),' +
          '"CPM (cost per 1,000 views) (TND)",Cost per view (TND),Cost per engagement (TND),' +
          'Cost per click (TND)',
      );
      const newestRead = requestDetail.videos[0]!.publications[0]!.latest!.read_at;
      expect(videos[1]).toBe(
        'CR-000010-1,Salma Ben Ali,Iftar table,"Instagram, TikTok",' +
          '"https://www.instagram.com/p/abc/\nhttps://www.tiktok.com/@salma/video/1",' +
          'Instagram: Instagram API; TikTok: Submitted by the creator · not checked yet,' +
          `${newestRead},6500,,410,6.31,3,160.000,24.615,0.025,0.390,53.333`,
      );
      expect((await downloads.textOf(downloads.saved[1]!.blob)).split('\r\n')).toEqual([
        '\uFEFFAfter,Views,Engagements,Videos read',
        '24 hours,1000,60,1',
        '72 hours,,,0',
        '7 days,5000,320,1',
        '30 days,,,0',
        '',
      ]);
    });

    it('writes the CSV in Arabic for an Arabic reader, and downloads its PDF report in Arabic', async () => {
      mockApi({
        'GET /campaigns/7/performance': {
          body: {
            data: {
              ...requestDetail,
              subject: {
                kind: 'campaign',
                id: 7,
                reference: null,
                title: 'Ramadan 2027',
                view: 'request',
              },
            },
          },
        },
        'GET /campaigns/7/report.pdf': { body: {} },
      });
      await act(() => i18n.changeLanguage('tn'));
      const user = userEvent.setup();
      renderAt('/campaign/7/performance-request');
      await user.click(await screen.findByRole('button', { name: 'تنزيل CSV لجدول الفيديوهات' }));
      expect(downloads.saved[0]!.filename).toBe('campaign-7-requests-videos.csv');
      const text = await downloads.textOf(downloads.saved[0]!.blob);
      expect(text.startsWith('\uFEFFالمرجع,صانع المحتوى,العنوان,المنصّات')).toBe(true);
      expect(text).toContain('Instagram: واجهة Instagram البرمجية');

      await user.click(screen.getByRole('button', { name: 'تنزيل تقرير PDF' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(2));
      expect(downloads.saved[1]!.filename).toBe('campaign-7-report-tn.pdf');
      const pdfCall = vi
        .mocked(fetch)
        .mock.calls.map(([input, init]) => ({ url: String(input), init }))
        .find((call) => call.url.includes('/report.pdf'));
      expect(pdfCall?.url).toBe('/v2/campaigns/7/report.pdf?language=tn');
      expect((pdfCall?.init?.headers as Record<string, string>).authorization).toBe(
        'Bearer test.access.token',
      );
    });
  });
});

import type { LineMetrics } from '@clipmarket/contracts/publication-metrics';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import { uploadFile } from '../../../lib/upload';
import { makeDeliveredLine, makeVideo } from '../delivery-test-data';
import LineDetailsPage from './line-details-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));
vi.mock('../../../lib/upload', () => ({
  uploadFile: vi.fn(async () => ({
    file_id: 77,
    token: 'tok',
    file_extension: 'png',
    original_name: 'insights.png',
  })),
}));

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const approvedLink = (id: number, platform: 'instagram' | 'tiktok') => ({
  link_id: id,
  platform,
  url:
    platform === 'instagram'
      ? 'https://www.instagram.com/reel/sami/'
      : 'https://www.tiktok.com/@sami/video/1',
  state: 'approved' as const,
  reason: null,
  submitted_at: hoursAgo(200),
  reviewed_at: hoursAgo(190),
});

const noWindows = { '24h': null, '72h': null, '7d': null, '30d': null };
const apiFigures = {
  source: 'instagram_api' as const,
  read_at: hoursAgo(3),
  checked: null,
  post_deleted: false,
  views: 12_400,
  reach: 9_800,
  likes: 830,
  comments: 41,
  shares: 12,
  saves: 57,
  watch_time_ms: null,
};

function metrics(overrides: Partial<LineMetrics['links'][number]>[] = []): LineMetrics {
  return {
    links: [
      {
        link_id: 5,
        platform: 'instagram',
        url: 'https://www.instagram.com/reel/sami/',
        approved_at: hoursAgo(190),
        latest: apiFigures,
        windows: { ...noWindows, '24h': apiFigures, '72h': apiFigures, '7d': apiFigures },
        can_submit: false,
        submissions: [],
        ...overrides[0],
      },
      {
        link_id: 6,
        platform: 'tiktok',
        url: 'https://www.tiktok.com/@sami/video/1',
        approved_at: hoursAgo(190),
        latest: null,
        windows: noWindows,
        can_submit: true,
        submissions: [],
        ...overrides[1],
      },
    ],
  };
}

const completedLine = {
  body: {
    data: makeDeliveredLine(
      { status: 'completed' },
      {
        videos: [makeVideo()],
        paid_at: hoursAgo(300),
        links: [approvedLink(5, 'instagram'), approvedLink(6, 'tiktok')],
      },
    ),
  },
};

function renderAt(path = '/make-content/41') {
  return renderRoutes(
    pagesOnly({ '/make-content/:content_request_influencer_id': LineDetailsPage }),
    path,
  );
}

describe("Figures of the creator's published videos", () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.mocked(uploadFile).mockClear();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the figures read from the platform with their source and age, by window', async () => {
    mockApi({
      'GET /content-request-influencers/41': completedLine,
      'GET /publication-metrics/lines/41': { body: { data: metrics() } },
    });
    renderAt();
    const section = await screen.findByRole('region', { name: 'Figures' });
    const post = await within(section).findByRole('article', { name: 'Instagram post' });
    expect(within(post).getByText('Read from Instagram · read 3 hours ago')).toBeInTheDocument();
    expect(within(post).getAllByText('12,400').length).toBeGreaterThan(0);
    expect(within(post).getByRole('link', { name: /Open the post/ })).toHaveAttribute(
      'href',
      'https://www.instagram.com/reel/sami/',
    );
    const table = within(post).getByRole('table', { name: 'By window' });
    expect(within(table).getByRole('rowheader', { name: 'After 7 days' })).toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: 'After 30 days' })).toBeNull();
    // A connected account: nothing to submit there.
    expect(within(post).queryByRole('button', { name: 'Send for checking' })).toBeNull();
  });

  it('takes the figures of a platform with no connected account, with a private screenshot', async () => {
    const calls = mockApi({
      'GET /content-request-influencers/41': completedLine,
      'GET /publication-metrics/lines/41': { body: { data: metrics() } },
      'POST /publication-metrics/6/submissions': { status: 201, body: { data: {} } },
    });
    renderAt();
    const post = await screen.findByRole('article', { name: 'TikTok post' });
    expect(within(post).getByText('No figures yet.')).toBeInTheDocument();
    expect(
      within(post).getByText(/Connect your TikTok account in your showcase/),
    ).toBeInTheDocument();
    const form = within(post).getByRole('form', { name: 'Submit the figures' });
    // Approved 190 hours ago: the 7-day figures are the ones due.
    expect(within(form).getByRole('combobox', { name: 'Figures after' })).toHaveValue('7d');

    await userEvent.click(within(form).getByRole('button', { name: 'Send for checking' }));
    expect(within(form).getAllByText('Enter a whole number, 0 or more')).toHaveLength(5);
    expect(within(form).getByText('Add the screenshot of the insights')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    for (const [label, value] of [
      ['Views', '1500'],
      ['Likes', '120'],
      ['Comments', '8'],
      ['Shares', '3'],
      ['Saves', '14'],
    ] as const) {
      await userEvent.type(within(form).getByRole('textbox', { name: label }), value);
    }
    const file = new File(['png'], 'insights.png', { type: 'image/png' });
    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, file);
    expect(await within(form).findByText('insights.png')).toBeInTheDocument();
    expect(uploadFile).toHaveBeenCalledWith(file, 'metric_screenshot', expect.any(Function));

    await userEvent.click(within(form).getByRole('button', { name: 'Send for checking' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/publication-metrics/6/submissions',
        body: {
          window: '7d',
          views: 1500,
          reach: null,
          likes: 120,
          comments: 8,
          shares: 3,
          saves: 14,
          screenshot_file_id: 77,
        },
      }),
    );
  });

  it("says what became of the creator's submissions: waiting, checked, declined with the reason", async () => {
    const submission = {
      submission_id: 1,
      link_id: 6,
      content_request_influencer_id: 41,
      platform: 'tiktok' as const,
      url: 'https://www.tiktok.com/@sami/video/1',
      window: '24h' as const,
      views: 900,
      reach: null,
      likes: 40,
      comments: 3,
      shares: 1,
      saves: 2,
      watch_time_ms: null,
      screenshot_file_id: 77,
      state: 'declined' as const,
      reason: 'The views are not on the screenshot',
      submitted_at: '2026-11-20T10:00:00.000Z',
      reviewed_at: '2026-11-21T10:00:00.000Z',
    };
    mockApi({
      'GET /content-request-influencers/41': completedLine,
      'GET /publication-metrics/lines/41': {
        body: {
          data: metrics([
            {},
            {
              latest: {
                ...apiFigures,
                source: 'creator',
                checked: false,
                views: 1500,
                read_at: hoursAgo(26),
              },
              submissions: [
                { ...submission, submission_id: 2, window: '7d', state: 'submitted', reason: null },
                submission,
              ],
            },
          ]),
        },
      },
    });
    renderAt();
    const post = await screen.findByRole('article', { name: 'TikTok post' });
    expect(
      within(post).getByText("Submitted by you · waiting for our team's check · read 26 hours ago"),
    ).toBeInTheDocument();
    expect(within(post).getByText('Waiting for our team')).toBeInTheDocument();
    expect(within(post).getByText('After 7 days · sent on 20 Nov 2026')).toBeInTheDocument();
    expect(within(post).getByText('Declined')).toBeInTheDocument();
    expect(
      within(post).getByText('Reason: The views are not on the screenshot'),
    ).toBeInTheDocument();
  });

  it('shows no figures section before the links are approved', async () => {
    mockApi({
      'GET /content-request-influencers/41': {
        body: { data: makeDeliveredLine({ status: 'paid' }, { videos: [makeVideo()] }) },
      },
    });
    renderAt();
    expect(await screen.findByRole('region', { name: 'Publication links' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Figures' })).toBeNull();
  });

  it('reads right to left in Arabic', async () => {
    mockApi({
      'GET /content-request-influencers/41': completedLine,
      'GET /publication-metrics/lines/41': { body: { data: metrics() } },
    });
    await act(() => i18n.changeLanguage('tn'));
    renderAt();
    const section = await screen.findByRole('region', { name: 'الأرقام' });
    expect(
      await within(section).findByRole('article', { name: 'منشور على تيك توك' }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'إرسال للتحقق' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

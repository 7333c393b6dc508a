import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { makeDeliveredLine, makeFeedback, makeVideo } from '../delivery-test-data';
import LineDetailsPage from './line-details-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

interface FakeOptions {
  endpoint: string;
  metadata: Record<string, string>;
  retryDelays: number[];
  fingerprint: () => Promise<string>;
  onBeforeRequest: (req: { setHeader: (k: string, v: string) => void }) => Promise<void>;
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  onError: (error: Error & { originalResponse?: unknown }) => void;
}
const uploads: { file: File; options: FakeOptions; started: number; aborted: unknown[] }[] = [];

vi.mock('tus-js-client', () => ({
  Upload: class {
    record: (typeof uploads)[number];
    constructor(file: File, options: FakeOptions) {
      this.record = { file, options, started: 0, aborted: [] };
      uploads.push(this.record);
    }
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    resumeFromPreviousUpload() {}
    start() {
      this.record.started += 1;
    }
    abort(terminate?: boolean) {
      this.record.aborted.push(terminate);
      return Promise.resolve();
    }
  },
}));

const MB = 1024 * 1024;
const limits = { body: { data: { max_bytes: 200 * MB, extensions: ['mp4', 'mov'] } } };

function renderAt(path = '/make-content/41') {
  return renderRoutes(
    pagesOnly({ '/make-content/:content_request_influencer_id': LineDetailsPage }),
    path,
  );
}

const videoFile = (name = 'clip.mp4', size = 5 * MB) => {
  const file = new File(['x'], name, { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('Content delivery (creator)', () => {
  beforeEach(() => {
    signIn();
    uploads.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('refuses to upload without the consent, a wrong type or a too large file', async () => {
    mockApi({
      'GET /content-request-influencers/41': { body: { data: makeDeliveredLine() } },
      'GET /content-videos/limits': limits,
    });
    renderAt();
    const panel = await screen.findByRole('region', { name: 'Upload your content' });
    expect(await within(panel).findByText(/Files up to 200 MB\./)).toBeVisible();
    const input = within(panel).getByLabelText('Choose a video');

    await userEvent.upload(input, videoFile('clip.txt'), { applyAccept: false });
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'Invalid file type. Allowed types are: mp4, mov',
    );
    // An empty file says so, not "invalid type"; a tiny one shows its bytes, not "0 MB".
    await userEvent.upload(input, videoFile('empty.mp4', 0));
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'This file is empty (0 bytes). Please choose another file.',
    );
    await userEvent.upload(input, videoFile('tiny.mp4', 6));
    expect(within(panel).getByText(/tiny\.mp4/).parentElement).toHaveTextContent(
      'tiny.mp4 · 6 bytes',
    );
    expect(within(panel).queryByRole('alert')).toBeNull();
    await userEvent.upload(input, videoFile('small.mp4', 740 * 1024));
    expect(within(panel).getByText(/small\.mp4/).parentElement).toHaveTextContent(
      'small.mp4 · 740 KB',
    );
    await userEvent.upload(input, videoFile('big.mp4', 201 * MB));
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'File too large. The maximum file size allowed for video uploads is 200 MB.',
    );
    await userEvent.upload(input, videoFile());
    expect(within(panel).queryByRole('alert')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload the video' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'Please accept the conditions of the video by checking the box above.',
    );
    expect(uploads).toHaveLength(0);
  });

  it('after a reload, shows the unfinished upload (name, size, progress) and asks for the file', async () => {
    const key = `tus::clipmarket-video-41-clip.mp4-video/mp4-${5 * MB}-1700000000000::abc`;
    localStorage.setItem(
      key,
      JSON.stringify({
        size: 5 * MB,
        metadata: { filename: 'clip.mp4', content_request_influencer_id: '41' },
        creationTime: new Date().toISOString(),
        uploadUrl: '/v2/content-videos/uploads/abc123',
      }),
    );
    mockApi({
      'GET /content-request-influencers/41': { body: { data: makeDeliveredLine() } },
      'GET /content-videos/limits': limits,
    });
    const apiFetch = globalThis.fetch;
    const heads: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method !== 'HEAD') return apiFetch(input, init);
      heads.push(String(input));
      return Promise.resolve(
        new Response(null, { status: 200, headers: { 'upload-offset': String(2 * MB) } }),
      );
    });
    try {
      renderAt();
      const panel = await screen.findByRole('region', { name: 'Upload your content' });
      const notice = await within(panel).findByText('Unfinished upload');
      const alert = notice.closest('[role="status"]') as HTMLElement;
      expect(alert).toHaveTextContent('clip.mp4 · 5 MB');
      await waitFor(() => expect(alert).toHaveTextContent('clip.mp4 · 5 MB · 40% uploaded'));
      expect(alert).toHaveTextContent('Choose the same file again to resume where it stopped.');
      expect(heads).toEqual(['/v2/content-videos/uploads/abc123']);
      // Once the file is chosen again, the form shows it and resumes it when sent.
      await userEvent.upload(within(panel).getByLabelText('Choose a video'), videoFile());
      expect(within(panel).queryByText('Unfinished upload')).toBeNull();
    } finally {
      localStorage.removeItem(key);
    }
  });

  it('uploads with tus: metadata, bearer token, progress, pause, then success', async () => {
    let line = makeDeliveredLine();
    const calls = mockApi({
      'GET /content-request-influencers/41': () => ({ body: { data: line } }),
      'GET /content-videos/limits': limits,
    });
    renderAt();
    const panel = await screen.findByRole('region', { name: 'Upload your content' });
    await userEvent.upload(within(panel).getByLabelText('Choose a video'), videoFile());
    await userEvent.click(within(panel).getByRole('checkbox', { name: /I accept that/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload the video' }));

    await waitFor(() => expect(uploads).toHaveLength(1));
    const [upload] = uploads;
    expect(upload!.started).toBe(1);
    expect(upload!.options.endpoint).toBe('/v2/content-videos/uploads');
    expect(upload!.options.metadata).toEqual({
      content_request_influencer_id: '41',
      filename: 'clip.mp4',
      filetype: 'video/mp4',
      consent: 'true',
    });
    expect(upload!.options.retryDelays.length).toBeGreaterThan(2);
    expect(await upload!.options.fingerprint()).toContain('41');
    const headers: Record<string, string> = {};
    await upload!.options.onBeforeRequest({ setHeader: (k, v) => (headers[k] = v) });
    expect(headers).toEqual({ Authorization: 'Bearer test.access.token' });

    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    act(() => upload!.options.onProgress(0.5 * MB, 5 * MB));
    now.mockReturnValue(1_002_000);
    act(() => upload!.options.onProgress(2.5 * MB, 5 * MB));
    now.mockRestore();
    const bar = within(panel).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(within(panel).getByText('50% uploaded')).toBeVisible();
    // 2 MB in 2 s: 1 MB/s, 2.5 MB to go.
    expect(within(panel).getByText('1 MB/s · 3 seconds left')).toBeVisible();

    await userEvent.click(within(panel).getByRole('button', { name: 'Pause' }));
    expect(upload!.aborted).toEqual([false]);
    expect(within(panel).getByText('Upload paused')).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Resume' }));
    expect(upload!.started).toBe(2);

    line = makeDeliveredLine(
      {},
      { videos: [makeVideo({ status: 'processing', preview_url: null })] },
    );
    act(() => upload!.options.onSuccess());
    expect(await within(panel).findByText('Video submitted successfully!')).toBeVisible();
    // The new version shows as processing.
    const videos = await screen.findByRole('region', { name: 'Your videos' });
    expect(await within(videos).findByText('Processing')).toBeVisible();
    expect(within(videos).getByText('We are preparing the preview of this video…')).toBeVisible();
    expect(
      calls.filter((c) => c.path === '/content-request-influencers/41').length,
    ).toBeGreaterThan(1);
  });

  it('translates a refusal of the server and cancels an upload', async () => {
    mockApi({
      'GET /content-request-influencers/41': { body: { data: makeDeliveredLine() } },
      'GET /content-videos/limits': limits,
    });
    renderAt();
    const panel = await screen.findByRole('region', { name: 'Upload your content' });
    await userEvent.upload(within(panel).getByLabelText('Choose a video'), videoFile());
    await userEvent.click(within(panel).getByRole('checkbox', { name: /I accept that/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload the video' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel the upload' }));
    expect(uploads[0]!.aborted).toEqual([true]);

    await userEvent.click(within(panel).getByRole('button', { name: 'Upload the video' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    const response = {
      getStatus: () => 400,
      getBody: () => JSON.stringify({ error: { code: 'INVALID_VIDEO', message: 'x' } }),
    };
    act(() =>
      uploads[1]!.options.onError(
        Object.assign(new Error('refused'), { originalResponse: response }),
      ),
    );
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Invalid file type. Allowed types are: mp4, avi, mkv, mov, hevc, h264',
    );
  });

  it('shows each version: ready with its preview, failed with the reason', async () => {
    mockApi({
      'GET /content-request-influencers/41': {
        body: {
          data: makeDeliveredLine(
            { status: 'submitted' },
            {
              videos: [
                makeVideo({ video_id: 8, version: 2 }),
                makeVideo({
                  video_id: 7,
                  version: 1,
                  status: 'failed',
                  failure_reason: 'unreadable',
                  preview_url: null,
                  poster_url: null,
                }),
              ],
            },
          ),
        },
      },
    });
    const { container } = renderAt();
    const videos = await screen.findByRole('region', { name: 'Your videos' });
    const items = within(videos).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Version 2');
    expect(items[0]).toHaveTextContent('Ready');
    const player = container.querySelector('video')!;
    expect(player.querySelector('source')).toHaveAttribute(
      'src',
      '/v2/content-videos/7/preview?signature=v',
    );
    expect(player).toHaveAttribute('poster', '/v2/content-videos/7/poster?signature=p');
    expect(player).toHaveAttribute('preload', 'metadata');
    expect(player).toHaveAttribute('controls');
    expect(items[1]).toHaveTextContent('Failed');
    expect(items[1]).toHaveTextContent(
      'This video could not be processed: the file is damaged or incomplete. Please send it again.',
    );
    // A submitted line's failed version stays deletable; the ready one has no delete button.
    expect(within(items[0]!).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Upload your content' })).toBeNull();
    // The stepper follows the state: submitted is "Wait for review".
    const stepper = screen.getByRole('region', { name: 'Progress of the request' });
    expect(within(stepper).getAllByRole('listitem')[2]).toHaveAttribute('aria-current', 'step');
  });

  it('deletes a failed version after a confirmation; a ready one has no delete button', async () => {
    const failed = makeVideo({
      video_id: 7,
      version: 1,
      status: 'failed',
      failure_reason: 'not_processed',
      preview_url: null,
      poster_url: null,
    });
    let videos = [failed];
    const calls = mockApi({
      'GET /content-request-influencers/41': () => ({
        body: { data: makeDeliveredLine({ status: 'accepted' }, { videos }) },
      }),
      'GET /content-videos/limits': limits,
      'DELETE /content-request-influencers/41/videos/7': () => {
        videos = [];
        return { body: null };
      },
    });
    renderAt();
    const region = await screen.findByRole('region', { name: 'Your videos' });
    await userEvent.click(within(region).getByRole('button', { name: 'Delete version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete version 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your videos' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/content-request-influencers/41/videos/7',
    ]);
    expect(await screen.findByText('The version was deleted.')).toBeVisible();
  });

  it('shows the feedback: reasons, comment, rating and revisions used', async () => {
    mockApi({
      'GET /content-request-influencers/41': {
        body: {
          data: makeDeliveredLine(
            { status: 'debriefed' },
            {
              revisions_used: 1,
              videos: [makeVideo()],
              feedback: [makeFeedback()],
            },
          ),
        },
      },
      'GET /content-videos/limits': limits,
    });
    renderAt();
    const feedback = await screen.findByRole('region', { name: 'Feedback received' });
    expect(within(feedback).getByText('Revisions used: 1 of 2')).toBeVisible();
    expect(within(feedback).getByText('Revision asked')).toBeVisible();
    expect(within(feedback).getByText('Tone')).toBeVisible();
    expect(within(feedback).getByText('Brand visibility')).toBeVisible();
    expect(within(feedback).getByText('Show the logo in the first seconds.')).toBeVisible();
    // Debriefed: a new version can be uploaded.
    expect(screen.getByRole('region', { name: 'Upload your content' })).toBeVisible();
  });

  it('shows the rating of an approval and the expected payout date once paid', async () => {
    mockApi({
      'GET /content-request-influencers/41': {
        body: {
          data: makeDeliveredLine(
            { status: 'link_submitted' },
            {
              videos: [makeVideo()],
              feedback: [
                makeFeedback({ decision: 'approve', rating: 4, feedback_reasons: ['creativity'] }),
              ],
              paid_at: '2026-11-26T10:00:00.000Z',
              expected_payout_at: '2026-12-10T10:00:00.000Z',
            },
          ),
        },
      },
    });
    renderAt();
    const feedback = await screen.findByRole('region', { name: 'Feedback received' });
    expect(within(feedback).getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    expect(within(feedback).getByText('Creativity')).toBeVisible();
    expect(screen.getByText('Expected payout: 10 Dec 2026')).toBeVisible();
  });

  it('once paid, says when the advertiser paid, no longer that the fee is secured and paid on approval', async () => {
    mockApi({
      'GET /content-request-influencers/41': {
        body: {
          data: makeDeliveredLine(
            { status: 'paid', funds_secured: false, allowed_transitions: ['submit_link'] },
            {
              videos: [makeVideo()],
              paid_at: '2026-11-26T10:00:00.000Z',
              paid_from: 'reserved_funds',
              expected_payout_at: '2026-12-10T10:00:00.000Z',
            },
          ),
        },
      },
    });
    renderAt();
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(
      within(payment).getByText('The advertiser paid this video on 26 Nov 2026.'),
    ).toBeVisible();
    expect(screen.queryByText('Paid once the advertiser approves your video.')).toBeNull();
    expect(screen.queryByText('Funds secured')).toBeNull();
  });

  it('shows the creator their own dispute and, once settled, the decision and its reason', async () => {
    const dispute = {
      reason: 'The logo shows at 0:04, as the brief asks.',
      opened_at: '2026-11-25T12:00:00.000Z',
      outcome: null,
      decision_reason: null,
      decided_at: null,
    };
    let line = makeDeliveredLine(
      { status: 'disputed' },
      { videos: [makeVideo()], feedback: [makeFeedback({ decision: 'reject' })], dispute },
    );
    mockApi({ 'GET /content-request-influencers/41': () => ({ body: { data: line } }) });
    const view = renderAt();
    let block = await screen.findByRole('region', { name: 'Your dispute' });
    expect(within(block).getByText('The logo shows at 0:04, as the brief asks.')).toBeVisible();
    expect(within(block).getByText('Being checked')).toBeVisible();
    view.unmount();

    line = makeDeliveredLine(
      { status: 'approved' },
      {
        videos: [makeVideo()],
        dispute: {
          ...dispute,
          outcome: 'for_creator',
          decision_reason: 'The brief is met.',
          decided_at: '2026-11-26T09:00:00.000Z',
        },
      },
    );
    renderAt();
    block = await screen.findByRole('region', { name: 'Your dispute' });
    expect(within(block).getByText('The logo shows at 0:04, as the brief asks.')).toBeVisible();
    expect(
      within(block).getByText(
        "Our team decided for you: your video is approved and the advertiser's fee goes to you.",
      ),
    ).toBeVisible();
    expect(within(block).getByText("Our team's reason: The brief is met.")).toBeVisible();
  });

  it('contests a rejection with a reason', async () => {
    const calls = mockApi({
      'GET /content-request-influencers/41': {
        body: {
          data: makeDeliveredLine(
            { status: 'rejected', allowed_transitions: ['dispute'] },
            { videos: [makeVideo()], feedback: [makeFeedback({ decision: 'reject' })] },
          ),
        },
      },
      'POST /content-request-influencers/41/transitions': {
        body: { data: makeDeliveredLine({ status: 'disputed' }) },
      },
    });
    renderAt();
    const opener = await screen.findByRole('button', { name: 'Contest this decision' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Contest this decision' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to our team' }));
    expect(within(dialog).getByText('Please give a reason.')).toBeVisible();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Why the video meets the request/ }),
      'It follows the script.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to our team' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { transition: 'dispute', reason: 'It follows the script.' },
      ]),
    );
    expect(
      await screen.findByText('You contested the decision: our team is checking it.'),
    ).toBeVisible();
  });

  it('checks the publication links, then sends one per platform', async () => {
    const calls = mockApi({
      'GET /content-request-influencers/41': {
        body: {
          data: makeDeliveredLine(
            { status: 'link_declined' },
            {
              videos: [makeVideo()],
              paid_at: '2026-11-26T10:00:00.000Z',
              links: [
                {
                  link_id: 3,
                  platform: 'instagram',
                  url: 'https://instagram.com/p/old',
                  state: 'declined',
                  reason: 'The post is private',
                  submitted_at: '2026-11-26T11:00:00.000Z',
                  reviewed_at: '2026-11-26T12:00:00.000Z',
                },
              ],
            },
          ),
        },
      },
      'POST /content-request-influencers/41/links': {
        body: { data: makeDeliveredLine({ status: 'link_submitted' }) },
      },
    });
    renderAt();
    const form = await screen.findByRole('region', { name: 'Publication links' });
    expect(within(form).getByText('Declined by our team: The post is private')).toBeVisible();
    const instagram = within(form).getByRole('textbox', { name: /Link of your Instagram post/ });
    const tiktok = within(form).getByRole('textbox', { name: /Link of your TikTok post/ });
    expect(instagram).toHaveValue('https://instagram.com/p/old');
    await userEvent.type(tiktok, 'http://tiktok.com/@sami/1');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the links' }));
    expect(within(form).getByText('Paste the https link of your post.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(instagram);
    await userEvent.type(instagram, 'https://instagram.com/p/new');
    await userEvent.clear(tiktok);
    await userEvent.type(tiktok, 'https://tiktok.com/@sami/1');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the links' }));
    expect(await screen.findAllByText('Links submitted and waiting for review')).not.toHaveLength(
      0,
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        links: [
          { platform: 'instagram', url: 'https://instagram.com/p/new' },
          { platform: 'tiktok', url: 'https://tiktok.com/@sami/1' },
        ],
      },
    ]);
  });

  it('refuses a link of another platform, and lets a waiting link be corrected', async () => {
    const waiting = (
      state: 'submitted' | 'approved',
      platform: 'instagram' | 'tiktok',
      id: number,
    ) => ({
      link_id: id,
      platform,
      url:
        platform === 'instagram' ? 'https://www.tiktok.com/@sami/1' : 'https://tiktok.com/@sami/1',
      state,
      reason: null,
      submitted_at: '2026-11-26T11:00:00.000Z',
      reviewed_at: state === 'approved' ? '2026-11-26T12:00:00.000Z' : null,
    });
    const calls = mockApi({
      'GET /content-request-influencers/41': {
        body: {
          data: makeDeliveredLine(
            { status: 'link_submitted' },
            {
              videos: [makeVideo()],
              paid_at: '2026-11-26T10:00:00.000Z',
              links: [waiting('submitted', 'instagram', 5), waiting('approved', 'tiktok', 6)],
            },
          ),
        },
      },
      'POST /content-request-influencers/41/links': {
        body: { data: makeDeliveredLine({ status: 'link_submitted' }) },
      },
    });
    renderAt();
    const region = await screen.findByRole('region', { name: 'Publication links' });
    expect(
      within(region).getByText('A link is wrong? Correct it while it waits for our team.'),
    ).toBeVisible();
    // Only the waiting Instagram link can be corrected: the TikTok one was approved.
    expect(within(region).queryByRole('textbox', { name: /TikTok/ })).toBeNull();
    const instagram = within(region).getByRole('textbox', { name: /Link of your Instagram post/ });
    const save = within(region).getByRole('button', { name: 'Save the corrected links' });
    await userEvent.click(save);
    expect(within(region).getByText('This is not a link of your Instagram post.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(instagram);
    await userEvent.type(instagram, 'https://www.instagram.com/p/sami/');
    await userEvent.click(save);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { links: [{ platform: 'instagram', url: 'https://www.instagram.com/p/sami/' }] },
      ]),
    );
  });
});

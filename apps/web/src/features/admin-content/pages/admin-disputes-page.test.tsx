import type { AdminDispute } from '@clipmarket/contracts/content-delivery';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import { type ApiCall, mockApi, renderRoutes } from '../../../app/test-utils';
import { adminShellApi, setUpAdminPage, tearDownAdminPage } from '../../../app/admin-test-setup';

const dispute: AdminDispute = {
  content_request_influencer_id: 7,
  content_request_id: 3,
  content_opportunity_id: null,
  reference: 'CR-000003-2',
  request_reference: 'CR-000003',
  title: 'Ramadan soap',
  creator_name: 'Maya Trabelsi',
  advertiser_name: 'Jasmin SARL',
  price: 150_000,
  rejection: {
    feedback_reasons: ['tone', 'brand_visibility'],
    comment: 'The product is barely visible',
    created_at: '2026-05-01T10:00:00.000Z',
  },
  dispute_reason: 'I followed the script exactly',
  disputed_at: '2026-05-02T10:00:00.000Z',
  video_id: 12,
  videos: [
    {
      video_id: 12,
      version: 1,
      status: 'ready',
      failure_reason: null,
      original_name: 'soap.mov',
      size_bytes: 9_000_000,
      duration_seconds: 29,
      width: 1080,
      height: 1920,
      poster_url: '/v2/content-videos/12/poster?signature=p',
      preview_url: '/v2/content-videos/12/preview?signature=v',
      original_url: '/v2/content-videos/12/original?signature=o',
      original_type: 'video/quicktime',
      created_at: '2026-04-28T10:00:00.000Z',
    },
  ],
  brief: {
    content_type: 'product_demo',
    video_duration: 30,
    format: 'portrait',
    product_name: 'Jasmine soap',
    description: 'Show the soap in daylight',
    platforms: ['instagram', 'tiktok'],
    delivery_deadline: '2026-04-30T10:00:00.000Z',
    publishing_deadline: '2026-05-10',
    script: 'Scene 1: the soap on the sink.',
  },
  history: [
    {
      transition: 'accept',
      from_state: 'sent',
      to_state: 'accepted',
      actor_role: 'TALENT',
      reason: null,
      at: '2026-04-20T10:00:00.000Z',
    },
    {
      transition: 'reject',
      from_state: 'submitted',
      to_state: 'rejected',
      actor_role: 'BRAND',
      reason: 'The product is barely visible',
      at: '2026-05-01T10:00:00.000Z',
    },
    {
      transition: 'dispute',
      from_state: 'rejected',
      to_state: 'disputed',
      actor_role: 'TALENT',
      reason: 'I followed the script exactly',
      at: '2026-05-02T10:00:00.000Z',
    },
  ],
};

function installApi(initial: AdminDispute[]) {
  let disputes = [...initial];
  return mockApi({
    ...adminShellApi,
    'GET /admin/disputes': () => ({ body: { data: disputes, next_after: null } }),
    'POST /admin/disputes/7': (call: ApiCall) => {
      disputes = [];
      const decision = (call.body as { decision: string }).decision;
      return {
        body: {
          data: {
            content_request_influencer_id: 7,
            line_state: decision === 'approve' ? 'approved' : 'closed',
          },
        },
      };
    },
  });
}

describe('Admin: disputes', { timeout: 30_000 }, () => {
  beforeEach(setUpAdminPage);
  afterEach(tearDownAdminPage);

  it('shows both sides of a dispute and approves it for the creator', async () => {
    const calls = installApi([dispute]);
    renderRoutes(createRoutes(), '/admin/disputes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Disputes' })).toBeInTheDocument();
    const card = within(await screen.findByRole('article'));
    expect(card.getByRole('heading', { name: 'Ramadan soap' })).toBeInTheDocument();
    const advertiserSide = within(
      card.getByRole('region', { name: 'Why Jasmin SARL rejected the video' }),
    );
    expect(advertiserSide.getByText('Tone')).toBeInTheDocument();
    expect(advertiserSide.getByText('Brand visibility')).toBeInTheDocument();
    // Written by the users, in any language: each reads in its own direction (a French comment
    // on an Arabic page keeps its full stop at its end).
    expect(advertiserSide.getByText('The product is barely visible')).toHaveAttribute(
      'dir',
      'auto',
    );
    expect(
      within(card.getByRole('region', { name: 'Why Maya Trabelsi disputes it' })).getByText(
        'I followed the script exactly',
      ),
    ).toHaveAttribute('dir', 'auto');

    await userEvent.click(
      card.getByRole('button', { name: 'Approve for the creator: “Ramadan soap”' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Approve the video for the creator',
    });
    // The reason is optional when the creator is right.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve for the creator' }));
    expect(
      await screen.findByText('“Ramadan soap” is approved for the creator.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/admin/disputes/7',
      body: { decision: 'approve' },
    });
    expect(await screen.findByRole('heading', { name: 'No dispute' })).toBeInTheDocument();
  });

  it('shows everything needed to decide: the original video, the brief and script, the history', async () => {
    installApi([dispute]);
    renderRoutes(createRoutes(), '/admin/disputes');
    const card = within(await screen.findByRole('article'));
    // The public reference people quote, not the line's table id.
    expect(card.getByText('Request CR-000003-2')).toBeInTheDocument();
    expect(card.queryByText(/#/)).not.toBeInTheDocument();
    expect(card.getByRole('link', { name: 'See the lines of request CR-000003' })).toHaveAttribute(
      'href',
      '/admin/content-requests?request=3',
    );
    const video = within(card.getByRole('region', { name: 'The video' }));
    const player = video.getByLabelText('Version 1, the original without watermark');
    expect([...player.querySelectorAll('source')].map((s) => s.getAttribute('src'))).toEqual([
      '/v2/content-videos/12/original?signature=o',
      '/v2/content-videos/12/preview?signature=v',
    ]);
    const brief = within(card.getByRole('region', { name: 'The brief' }));
    expect(brief.getByText('Product: Jasmine soap')).toBeInTheDocument();
    expect(brief.getByText('Length: 30 s · portrait')).toBeInTheDocument();
    expect(brief.getByText('To be posted on: Instagram, TikTok')).toBeInTheDocument();
    expect(brief.getByText('Show the soap in daylight')).toBeInTheDocument();
    expect(brief.getByText('Scene 1: the soap on the sink.')).toBeInTheDocument();
    const history = within(card.getByRole('region', { name: 'History of the video' }));
    const steps = history.getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps[0]).toHaveTextContent('The creator');
    expect(steps[0]).toHaveTextContent('Sent → Accepted');
    expect(steps[1]).toHaveTextContent('The advertiser');
    expect(steps[1]).toHaveTextContent('To review → Rejected');
    expect(steps[1]).toHaveTextContent('The product is barely visible');
    expect(steps[2]).toHaveTextContent('Rejected → Disputed');
  });

  it("leads from an opportunity's line to its opportunity, never speaking of a request", async () => {
    installApi([
      {
        ...dispute,
        content_request_id: null,
        content_opportunity_id: 60,
        reference: 'OP-000060-1',
        request_reference: 'OP-000060',
      },
    ]);
    renderRoutes(createRoutes(), '/admin/disputes');
    const article = await screen.findByRole('article');
    const card = within(article);
    expect(card.getByText('Opportunity OP-000060-1')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'See the opportunity OP-000060' })).toHaveAttribute(
      'href',
      '/admin/opportunities/60',
    );
    expect(article.textContent).not.toMatch(/request/i);
  });

  it('upholds a rejection with a required reason', async () => {
    const calls = installApi([dispute]);
    renderRoutes(createRoutes(), '/admin/disputes');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Uphold the rejection of “Ramadan soap”' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Uphold the rejection' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Uphold the rejection' }));
    expect(await within(dialog).findByText('Please give the reason.')).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'The brand is not visible',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Uphold the rejection' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        body: { decision: 'uphold', reason: 'The brand is not visible' },
      }),
    );
    expect(
      await screen.findByText('The rejection of “Ramadan soap” stands: the video is closed.'),
    ).toBeInTheDocument();
  });
});

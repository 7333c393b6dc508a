import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminShellApi, setUpAdminPage, tearDownAdminPage } from '../../../app/admin-test-setup';
import { createRoutes } from '../../../app/shell-pages';
import { type ApiCall, mockApi, renderRoutes } from '../../../app/test-utils';
import type { AdminMetricSubmission } from '../api/metric-submissions';

const makeSubmission = (
  id: number,
  overrides: Partial<AdminMetricSubmission> = {},
): AdminMetricSubmission => ({
  submission_id: id,
  link_id: 10 + id,
  content_request_influencer_id: 40 + id,
  creator_user_id: 7,
  reference: `CR-000050-${id}`,
  title: `Summer launch ${id}`,
  creator_name: 'Maya Trabelsi',
  advertiser_name: 'Jasmin SARL',
  content_request_id: 50,
  content_opportunity_id: null,
  platform: 'tiktok',
  url: `https://www.tiktok.com/@maya/video/${id}`,
  window: '7d',
  views: 15_300,
  reach: null,
  likes: 1_200,
  comments: 48,
  shares: 9,
  saves: 31,
  watch_time_ms: null,
  screenshot_file_id: 90 + id,
  state: 'submitted',
  reason: null,
  submitted_at: '2026-11-20T10:00:00.000Z',
  reviewed_at: null,
  ...overrides,
});

/** The queue over an in-memory list: a decided submission leaves it. */
function installApi(initial: AdminMetricSubmission[]) {
  let submissions = [...initial];
  return mockApi({
    ...adminShellApi,
    'GET /admin/metric-submissions': () => ({
      body: { data: submissions, next_after: null },
    }),
    'GET /media/private-url': (call: ApiCall) => ({
      body: {
        data: {
          url: `/v2/media/signed/${call.path}?signature=s`,
          expires_at: '2026-11-29T12:10:00.000Z',
        },
      },
    }),
    ...Object.fromEntries(
      initial.map((submission) => [
        `POST /admin/metric-submissions/${submission.submission_id}`,
        () => {
          submissions = submissions.filter((s) => s.submission_id !== submission.submission_id);
          return { body: { data: { ...submission, state: 'approved' } } };
        },
      ]),
    ),
  });
}

describe('Admin: submitted figures', { timeout: 30_000 }, () => {
  beforeEach(setUpAdminPage);
  afterEach(tearDownAdminPage);

  it('lists the figures waiting with the post, the private screenshot by a signed link, and approves them', async () => {
    const calls = installApi([
      makeSubmission(1),
      makeSubmission(2, { platform: 'instagram', reach: 11_000, window: '24h' }),
      // An opportunity's line: no request behind it, its reference names the opportunity.
      makeSubmission(3, {
        content_request_id: null,
        content_opportunity_id: 60,
        reference: 'OP-000060-1',
        title: 'Ramadan — the iftar table',
        creator_name: 'Sami Ben Ali',
        advertiser_name: 'Délice Tunisie',
      }),
    ]);
    renderRoutes(createRoutes(), '/admin/metric-submissions');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Submitted figures' }),
    ).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]!);
    expect(
      first.getByRole('heading', { name: 'TikTok figures · After 7 days' }),
    ).toBeInTheDocument();
    // Named as the rest of the admin names the delivery: title, parties, reference.
    expect(first.getByText('Summer launch 1')).toBeInTheDocument();
    expect(first.getByText('By Maya Trabelsi for Jasmin SARL')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Request CR-000050-1' })).toHaveAttribute(
      'href',
      '/admin/content-requests?request=50',
    );
    const opportunity = within(cards[2]!);
    expect(opportunity.getByText('Ramadan — the iftar table')).toBeInTheDocument();
    expect(opportunity.getByText('By Sami Ben Ali for Délice Tunisie')).toBeInTheDocument();
    expect(opportunity.getByRole('link', { name: 'Opportunity OP-000060-1' })).toHaveAttribute(
      'href',
      '/admin/opportunities/60',
    );
    expect(opportunity.queryByText(/Request/)).toBeNull();
    expect(first.getByText('15,300')).toBeInTheDocument();
    expect(first.getByText('not given')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('11,000')).toBeInTheDocument();
    const post = first.getByRole('link', { name: /tiktok\.com\/@maya\/video\/1.*new tab/ });
    expect(post).toHaveAttribute('target', '_blank');
    expect(post).toHaveAttribute('rel', 'noopener noreferrer');
    const screenshot = await first.findByRole('img', {
      name: 'Insights screenshot of the TikTok post',
    });
    expect(screenshot.getAttribute('src')).toContain('signature=s');
    expect(calls.some((c) => c.path === '/media/private-url' && c.method === 'GET')).toBe(true);

    // The menu has the page, current.
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Submitted figures' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.click(
      first.getByRole('button', { name: 'Approve the TikTok figures of CR-000050-1' }),
    );
    expect(
      await screen.findByText(
        "Figures approved: they count as the post's figures for this window.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/admin/metric-submissions/1',
      body: { decision: 'approve' },
    });
  });

  it('declines figures with a required reason the creator reads', async () => {
    const calls = installApi([makeSubmission(1)]);
    renderRoutes(createRoutes(), '/admin/metric-submissions');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Decline the TikTok figures of CR-000050-1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Decline the figures' });
    expect(
      within(dialog).getByText(
        'Maya Trabelsi reads your reason and may send the figures of “Summer launch 1” again with another screenshot.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('The creator will read it.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline the figures' }));
    expect(await within(dialog).findByText('Please give the reason.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'The views are cropped out',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline the figures' }));
    expect(
      await screen.findByText('Figures declined: the creator is told why.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/admin/metric-submissions/1',
      body: { decision: 'decline', reason: 'The views are cropped out' },
    });
    expect(await screen.findByRole('heading', { name: 'No figures to check' })).toBeInTheDocument();
  });
});

import type { LineReviews, Review } from '@clipmarket/contracts/reviews';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../app/test-utils';
import { LineReviewsSection } from './line-reviews-section';

/** A line's reviews on its page (issue 27 §2): the form's rules, blindness, reply. */

const review = (overrides: Partial<Review> = {}): Review => ({
  id: 7,
  content_request_influencer_id: 41,
  author_role: 'advertiser',
  author_user_id: 3,
  author_name: 'Délice',
  subject_user_id: 5,
  rating: 5,
  criteria: { creativity: 5, communication: 4 },
  reasons: [],
  comment: 'Warm and precise.',
  created_at: '2026-11-20T10:00:00.000Z',
  visible_from: '2026-11-27T10:00:00.000Z',
  is_visible: false,
  reply: null,
  replied_at: null,
  contest_state: null,
  contest_reason: null,
  contested_at: null,
  ...overrides,
});

const lineReviews = (overrides: Partial<LineReviews> = {}): LineReviews => ({
  content_request_influencer_id: 41,
  my_role: 'creator',
  is_reviewable: true,
  can_write: true,
  mine: null,
  theirs: null,
  theirs_written: false,
  can_reply: false,
  can_contest: false,
  contest_until: null,
  other_name: 'Délice',
  ...overrides,
});

describe('LineReviewsSection', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('shows nothing before the content fee is paid, and asks nothing of the API', () => {
    const calls = mockApi({});
    renderWithProviders(<LineReviewsSection lineId={41} status="submitted" />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("refuses a low rating without reasons and a comment, then sends the creator's review", async () => {
    let sent: unknown;
    mockApi({
      'GET /reviews/lines/41': { body: { data: lineReviews({ theirs_written: true }) } },
      'POST /reviews': ({ body }) => {
        sent = body;
        return {
          status: 201,
          body: {
            data: lineReviews({
              can_write: false,
              mine: review({
                author_role: 'creator',
                rating: 2,
                comment: 'Slow answers.',
                is_visible: true,
              }),
              theirs: review({ is_visible: true }),
              theirs_written: true,
              can_reply: true,
              can_contest: true,
              contest_until: '2026-12-04T10:00:00.000Z',
            }),
          },
        };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<LineReviewsSection lineId={41} status="completed" />);
    const form = await screen.findByRole('form', { name: 'Review this collaboration' });
    expect(
      screen.getByText(
        'Délice wrote a review: you will see it once you write yours, or after 7 days.',
      ),
    ).toBeVisible();
    const group = (name: string) => within(form).getByRole('group', { name });
    fireEvent.keyDown(within(group('Overall rating')).getByRole('radio', { name: /^2 stars/ }), {
      key: ' ',
    });
    for (const criterion of [
      'Brief clarity',
      'Communication',
      'Quality of feedback',
      'Payment on time',
    ]) {
      fireEvent.keyDown(within(group(criterion)).getByRole('radio', { name: /^3 stars/ }), {
        key: ' ',
      });
    }
    await user.click(within(form).getByRole('button', { name: 'Publish my review' }));
    expect(
      within(form).getByText('Choose at least one reason for a rating of 2 stars or below.'),
    ).toBeVisible();
    expect(
      within(form).getByText('Explain a rating of 2 stars or below in a comment.'),
    ).toBeVisible();
    expect(sent).toBeUndefined();

    await user.click(within(form).getByText('Late answers'));
    await user.type(
      within(form).getByLabelText(/Comment \(required for 2 stars or below\)/),
      'Slow answers.',
    );
    await user.click(within(form).getByRole('button', { name: 'Publish my review' }));
    await screen.findByText('Warm and precise.');
    expect(sent).toEqual({
      content_request_influencer_id: 41,
      rating: 2,
      criteria: { brief_clarity: 3, communication: 3, feedback_quality: 3, payment_timeliness: 3 },
      reasons: ['late_answers'],
      comment: 'Slow answers.',
    });
    expect(screen.getByRole('button', { name: 'Reply' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Contest this review' })).toBeVisible();
  }, 60_000);

  it('tells the author their review is hidden until the other side writes or a date', async () => {
    mockApi({
      'GET /reviews/lines/41': {
        body: {
          data: lineReviews({
            my_role: 'advertiser',
            can_write: false,
            mine: review(),
            other_name: 'Sami',
          }),
        },
      },
    });
    renderWithProviders(<LineReviewsSection lineId={41} status="paid" />);
    expect(
      await screen.findByText(/Your review is hidden until Sami writes theirs or until/),
    ).toBeVisible();
    expect(screen.getByText('Sami has not written a review yet.')).toBeVisible();
  });
});
